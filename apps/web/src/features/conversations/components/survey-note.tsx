import { Star } from 'lucide-react';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { cn } from '@/lib/cn';
import { CHAT_TEXT } from '../conversations-text';
import { useConversationSurvey } from '../conversations.queries';

/**
 * Under the header of a resolved conversation: the visitor's satisfaction rating (1–5 stars and
 * the comment), or that the survey waits for an answer. Nothing when it was never asked.
 */
export function SurveyNote({ ticketId, resolved }: { ticketId: string; resolved: boolean }) {
  const survey = useConversationSurvey(ticketId, resolved).data;
  if (!resolved || !survey?.asked_at) return null;
  if (survey.rating === null)
    return (
      <p
        className="border-b border-slate-200 bg-slate-50 px-4 py-1.5 text-xs text-slate-500"
        data-testid="conversation-survey"
      >
        {CHAT_TEXT.surveyAsked}
      </p>
    );
  return (
    <div
      className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-950"
      data-testid="conversation-survey"
    >
      <span className="font-medium">{CHAT_TEXT.surveyRated}</span>
      <span
        role="img"
        aria-label={CHAT_TEXT.surveyScore(survey.rating)}
        className="inline-flex items-center gap-0.5"
      >
        {[1, 2, 3, 4, 5].map((star) => (
          <Star
            key={star}
            aria-hidden
            className={cn(
              'size-3.5',
              star <= (survey.rating ?? 0) ? 'fill-amber-400 text-amber-500' : 'text-amber-300',
            )}
          />
        ))}
      </span>
      {survey.comment && <q className="min-w-0 break-words italic">{survey.comment}</q>}
      {survey.rated_at && (
        <time className="ml-auto text-amber-800/70" dateTime={survey.rated_at}>
          {formatDateTime(survey.rated_at)}
        </time>
      )}
    </div>
  );
}
