import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mentionedIds, RichTextEditor } from './rich-text-editor';
import { RichTextView } from './rich-text-view';

const NO_STAFF = {
  key: ['staff', 'none'],
  search: async () => ({ options: [], hasMore: false }),
};

describe('rich text editor', () => {
  it('writes a mention from a draft back in the form the server keeps', async () => {
    const draft =
      '<p>Nhờ <span data-type="mention" data-id="u1" data-label="Lan" data-mention="u1">@Lan</span></p>';
    const onChange = vi.fn();
    render(
      <RichTextEditor label="Trả lời" value={draft} onChange={onChange} mentionSource={NO_STAFF} />,
    );
    const box = await screen.findByRole('textbox', { name: 'Trả lời' });
    await waitFor(() => expect(box.querySelector('[data-mention="u1"]')).toHaveTextContent('@Lan'));
  });

  it('shows the value, follows a value set from outside, and offers the formatting buttons', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RichTextEditor
        label="Nội dung"
        value="<p><strong>Xin chào</strong></p>"
        onChange={onChange}
      />,
    );
    const box = await screen.findByRole('textbox', { name: 'Nội dung' });
    await waitFor(() => expect(box.querySelector('strong')).toHaveTextContent('Xin chào'));
    for (const name of ['In đậm', 'In nghiêng', 'Danh sách', 'Danh sách đánh số', 'Trích dẫn'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();

    rerender(<RichTextEditor label="Nội dung" value="" onChange={onChange} />);
    await waitFor(() => expect(box).not.toHaveTextContent('Xin chào'));
    // A value set from outside is not an edit by the user.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reads the mentioned staff from the HTML, each once', () => {
    const html =
      '<p>Nhờ <span data-mention="u1">@Lan</span> và <span data-mention="u2">@Minh</span>, ' +
      '<span data-mention="u1">@Lan</span> xem <span data-id="x">x</span></p>';
    expect(mentionedIds(html)).toEqual(['u1', 'u2']);
  });
});

describe('rich text view', () => {
  it('drops scripts, handlers and javascript: links even if the server missed them', () => {
    const { container } = render(
      <RichTextView
        html={
          '<p onclick="alert(1)">Chào <a href="javascript:alert(1)">x</a><script>alert(1)</script><img src="x" onerror="alert(1)"></p>'
        }
      />,
    );
    expect(container.innerHTML).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(container).toHaveTextContent('Chào x');
  });
});
