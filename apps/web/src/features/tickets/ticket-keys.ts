/** The tickets' query keys (no imports: the shell's live events use them too). */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: ['tickets', 'list'] as const,
  details: ['tickets', 'detail'] as const,
  ticket: (ref: string) => ['tickets', 'detail', ref] as const,
  activities: (id: string) => ['tickets', 'activities', id] as const,
  comments: (id: string) => ['tickets', 'comments', id] as const,
  links: (id: string) => ['tickets', 'links', id] as const,
  /** Whom a ticket may go to, with presence: read again when anyone's presence changes. */
  assignees: ['tickets', 'assignees'] as const,
};
