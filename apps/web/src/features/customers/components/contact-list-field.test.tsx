import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactItem } from './contact-list-field';
import { ContactListField, addContact, removeContact, withPrimary } from './contact-list-field';

const items = (...values: [string, boolean][]): ContactItem[] =>
  values.map(([value, is_primary]) => ({ value, is_primary }));

describe('phone list primary rules', () => {
  it('the first added item is primary, later ones are not', () => {
    const one = addContact([]);
    expect(one).toEqual(items(['', true]));
    expect(addContact(items(['0912', true]))).toEqual(items(['0912', true], ['', false]));
  });

  it('choosing a primary unsets the others', () => {
    expect(withPrimary(items(['a', true], ['b', false], ['c', false]), 2)).toEqual(
      items(['a', false], ['b', false], ['c', true]),
    );
  });

  it('removing the primary makes the first remaining one primary', () => {
    expect(removeContact(items(['a', false], ['b', true], ['c', false]), 1)).toEqual(
      items(['a', true], ['c', false]),
    );
    expect(removeContact(items(['a', true], ['b', false]), 1)).toEqual(items(['a', true]));
    expect(removeContact(items(['a', true]), 0)).toEqual([]);
  });

  it('a list without a primary gets the first one', () => {
    expect(withPrimary(items(['a', false], ['b', false]))).toEqual(
      items(['a', true], ['b', false]),
    );
  });
});

function Harness({ initial, type = 'tel' }: { initial: ContactItem[]; type?: 'tel' | 'email' }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ContactListField
        legend="Số điện thoại"
        name="phones"
        type={type}
        items={value}
        onChange={setValue}
        inputLabel={(index) => `Số điện thoại ${index + 1}`}
        addLabel="Thêm số điện thoại"
      />
      <output data-testid="state">{JSON.stringify(value)}</output>
    </>
  );
}

describe('phone list field', () => {
  it('one radio is checked at a time; add, type, choose and remove', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[]} />);
    await user.click(screen.getByRole('button', { name: 'Thêm số điện thoại' }));
    await user.type(screen.getByLabelText('Số điện thoại 1'), '0912345678');
    await user.click(screen.getByRole('button', { name: 'Thêm số điện thoại' }));
    await user.type(screen.getByLabelText('Số điện thoại 2'), '+84987654321');
    const radios = screen.getAllByRole('radio');
    expect(radios[0]).toBeChecked();
    expect(radios[1]).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Đặt +84987654321 làm chính' }));
    expect(
      screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([false, true]);

    // Left, each number took the one written form.
    await user.click(screen.getByRole('button', { name: 'Xóa 0987 654 321' }));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual(
      items(['0912 345 678', true]),
    );
    expect(screen.getByRole('radio')).toBeChecked();
  });

  it('writes a phone the one way when the field is left: national for Vietnam, +CC abroad', async () => {
    const user = userEvent.setup();
    render(<Harness initial={items(['', true], ['', false], ['', false])} />);
    await user.type(screen.getByLabelText('Số điện thoại 1'), '84 912.345.678');
    await user.type(screen.getByLabelText('Số điện thoại 2'), '+6591234567');
    await user.type(screen.getByLabelText('Số điện thoại 3'), '02438261234');
    // Still as typed while typing.
    expect(screen.getByLabelText('Số điện thoại 3')).toHaveValue('02438261234');
    await user.tab();
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual(
      items(['0912 345 678', true], ['+65 9123 4567', false], ['024 3826 1234', false]),
    );
  });

  it('leaves an email as typed', async () => {
    const user = userEvent.setup();
    render(<Harness type="email" initial={items(['', true])} />);
    await user.type(screen.getByLabelText('Số điện thoại 1'), '0912345678');
    await user.tab();
    expect(screen.getByLabelText('Số điện thoại 1')).toHaveValue('0912345678');
  });
});
