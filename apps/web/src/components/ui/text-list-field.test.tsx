import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextListField, textListRow, type TextListRow } from './text-list-field';

function TagForm({ onSubmit }: { onSubmit: () => void }) {
  const [rows, setRows] = useState<TextListRow[]>([textListRow('')]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextListField
        legend="Tag"
        rows={rows}
        inputLabel={(index) => `Tag ${index + 1}`}
        removeLabel={(index) => `Xóa tag ${index + 1}`}
        addLabel="Thêm tag"
        onChange={(row, _index, value) =>
          setRows((current) =>
            current.map((item) => (item.key === row.key ? { ...item, value } : item)),
          )
        }
        onRemove={(row) => setRows((current) => current.filter((item) => item.key !== row.key))}
        onAdd={() => setRows((current) => [...current, textListRow('')])}
      />
      <button type="submit">Lưu</button>
    </form>
  );
}

describe('TextListField', () => {
  it('adds the next value on Enter and never submits the form', async () => {
    const onSubmit = vi.fn();
    render(<TagForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Tag 1'), 'VIP{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Tag 2')).toHaveFocus();
    await userEvent.keyboard('Thân thiết{Enter}');
    expect(screen.getByLabelText('Tag 1')).toHaveValue('VIP');
    expect(screen.getByLabelText('Tag 2')).toHaveValue('Thân thiết');
    expect(screen.getByLabelText('Tag 3')).toHaveFocus();
    // Enter in an empty row adds nothing more, and still does not submit.
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByLabelText('Tag 4')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
