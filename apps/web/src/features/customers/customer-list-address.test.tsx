import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { customerListAddress, useRememberListAddress } from './customer-list-address';

function List() {
  useRememberListAddress();
  return null;
}

describe('the customer list address a deleted record goes back to', () => {
  afterEach(() => sessionStorage.clear());

  it('is the list as last shown in this tab, or the plain list', () => {
    expect(customerListAddress()).toBe('/customers');
    render(
      <MemoryRouter initialEntries={['/customers?q=nguyen&page=3&tier=2']}>
        <List />
      </MemoryRouter>,
    );
    expect(customerListAddress()).toBe('/customers?q=nguyen&page=3&tier=2');
  });
});
