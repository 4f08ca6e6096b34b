import { LIVECHAT_LIMITS_VISITOR, LIVECHAT_MESSAGES } from '../contract';
import { h, icon } from '../../lib/dom';
import { ICON } from '../../lib/icons';

/** The satisfaction survey after a resolve: 1 to 5 stars and an optional comment. */
export function surveyView(
  question: string,
  submit: (score: number, comment: string) => Promise<void>,
): HTMLElement {
  let score = 0;
  const stars: HTMLButtonElement[] = [];
  const row = h('div', { class: 'oc-stars', role: 'radiogroup', 'aria-label': question });
  for (let value = 1; value <= 5; value++) {
    const star = h('button', {
      type: 'button',
      class: 'oc-star',
      role: 'radio',
      'aria-checked': 'false',
      'aria-label': `${value} sao`,
    });
    star.append(icon(ICON.star, 30));
    star.addEventListener('click', () => {
      score = value;
      stars.forEach((item, index) => {
        item.classList.toggle('oc-on', index < value);
        item.setAttribute('aria-checked', String(index + 1 === value));
      });
      error.textContent = '';
    });
    stars.push(star);
    row.append(star);
  }
  const comment = h('textarea', {
    'aria-label': 'Nhận xét',
    placeholder: 'Nhận xét thêm (không bắt buộc)',
    maxlength: LIVECHAT_LIMITS_VISITOR.comment,
  });
  const error = h('p', { class: 'oc-error', role: 'alert' });
  const button = h('button', { type: 'button', class: 'oc-primary' }, 'Gửi đánh giá');
  const card = h('div', { class: 'oc-survey' }, h('p', {}, question), row, comment, error, button);
  button.addEventListener('click', () => {
    if (!score) {
      error.textContent = LIVECHAT_MESSAGES.scoreInvalid;
      return;
    }
    if (comment.value.trim().length > LIVECHAT_LIMITS_VISITOR.comment) {
      error.textContent = LIVECHAT_MESSAGES.commentTooLong;
      return;
    }
    button.disabled = true;
    submit(score, comment.value.trim()).then(
      () => {
        card.textContent = '';
        card.append(h('p', { role: 'status' }, LIVECHAT_MESSAGES.rated));
      },
      (failure: Error) => {
        error.textContent = failure.message;
        button.disabled = false;
      },
    );
  });
  return card;
}
