import { describe, expect, it } from 'vitest';
import { mayActOn, powerOf } from './roles.js';

describe('powerOf and mayActOn', () => {
  it('ranks the flagged administrator over a plain one, then down the roles', () => {
    const order = [
      powerOf('administrator', true),
      powerOf('administrator', false),
      powerOf('supervisor', false),
      powerOf('team_leader', false),
      powerOf('agent', false),
    ];
    expect([...order].sort((a, b) => b - a)).toEqual(order);
    expect(new Set(order).size).toBe(order.length);
  });

  it('lets equals act on each other, never on more power', () => {
    const plain = { role: 'administrator', isAdmin: false };
    const flagged = { role: 'administrator', isAdmin: true };
    expect(mayActOn(plain, plain)).toBe(true);
    expect(mayActOn(flagged, plain)).toBe(true);
    expect(mayActOn(plain, flagged)).toBe(false);
    expect(mayActOn({ role: 'supervisor', isAdmin: false }, plain)).toBe(false);
  });

  it('gives the flag no weight on a role that cannot use it', () => {
    expect(powerOf('agent', true)).toBe(powerOf('agent', false));
  });
});
