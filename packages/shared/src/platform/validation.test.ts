import { describe, expect, it } from 'vitest';
import {
  findInputProblem,
  hasUnsafeText,
  isAppPath,
  isCalendarDay,
  isPublicFilePath,
} from './validation.js';

describe('isCalendarDay', () => {
  it('takes real days written yyyy-mm-dd, leap days included', () => {
    for (const day of ['2024-02-29', '1990-12-31', '2026-01-01'])
      expect(isCalendarDay(day)).toBe(true);
  });

  it('refuses days that do not exist and other spellings', () => {
    for (const value of [
      '2024-02-31',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '05/02/2024',
      '2024-2-5',
      '',
      20240205,
      null,
    ])
      expect(isCalendarDay(value), String(value)).toBe(false);
  });
});

describe('findInputProblem', () => {
  it('names the first string or key holding a NUL or a lone surrogate by its path', () => {
    expect(findInputProblem({ name: 'An', phones: [{ phone: '09\u00001' }] })).toEqual({
      kind: 'unsafe_text',
      param: 'phones.0.phone',
    });
    expect(findInputProblem({ custom: { 'a\ud800': 1 } })).toEqual({
      kind: 'unsafe_text',
      param: 'custom.a?',
    });
    expect(findInputProblem('\udc00x')).toEqual({ kind: 'unsafe_text', param: '' });
  });

  it('takes surrogate pairs (emoji) and ordinary text', () => {
    expect(findInputProblem({ name: 'Nguyễn 😀', tags: ['VIP'], tier: 3, ok: null })).toBe(
      undefined,
    );
    expect(hasUnsafeText('😀')).toBe(false);
    expect(hasUnsafeText('\ud83d')).toBe(true);
  });

  it('stops at nesting deeper than the limit, without exhausting the stack', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findInputProblem(deep)).toEqual({ kind: 'too_deep' });
    expect(findInputProblem({ a: { b: { c: 'd' } } }, 3)).toBe(undefined);
    expect(findInputProblem({ a: { b: { c: {} } } }, 3)).toEqual({ kind: 'too_deep' });
  });
});

describe('isAppPath', () => {
  it('takes paths inside the app', () => {
    for (const path of ['/', '/customers/1', '/settings/users?tab=2#top'])
      expect(isAppPath(path), path).toBe(true);
  });

  it('refuses every way out to another origin', () => {
    for (const path of [
      '//attacker.example',
      '/\\attacker.example',
      '/\t/attacker.example',
      '/\n/attacker.example',
      'https://attacker.example',
      'javascript:alert(1)',
      'customers',
      '',
    ])
      expect(isAppPath(path), JSON.stringify(path)).toBe(false);
  });
});

describe('isPublicFilePath', () => {
  it('takes the files the server stores', () => {
    expect(
      isPublicFilePath(
        '/files/avatars/5f0c2b1e-0000-4000-8000-000000000000/1b4e28ba-2fa1-11d2-883f-0016d3cca427.png',
      ),
    ).toBe(true);
  });

  it('refuses other sites, scripts, data and climbs out of the folder', () => {
    for (const value of [
      'javascript:alert(1)',
      'https://attacker.example/a.png',
      '//attacker.example/a.png',
      'data:image/png;base64,AAAA',
      '/files/../../etc/passwd',
      '/files/avatars/a.png?x=1',
      '/v2/customers',
      '/files/',
    ])
      expect(isPublicFilePath(value), value).toBe(false);
  });
});
