import { describe, expect, it } from 'vitest';
import { LIVECHAT_MESSAGES as M } from './contract';
import { asksAnything, messageError, validateOffline, validatePreChat } from './prechat';

const modes = { name: 'required', phone: 'optional', email: 'hidden' } as const;

describe('the pre-chat form by the channel’s modes', () => {
  it('asks for a required field and lets an optional one stay empty', () => {
    expect(validatePreChat(modes, { name: '  ', phone: '' }).errors).toEqual({
      name: M.nameRequired,
    });
  });

  it('checks an optional field once it is filled', () => {
    const { errors } = validatePreChat(modes, { name: 'An', phone: 'abc' });
    expect(errors).toEqual({ phone: M.phoneInvalid });
  });

  it('never sends a hidden field, even when the page filled it', () => {
    const { errors, body } = validatePreChat(modes, {
      name: ' Trần Minh Anh ',
      phone: '0912 345 678',
      email: 'not-an-email',
    });
    expect(errors).toEqual({});
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      name: 'Trần Minh Anh',
      phone: '0912 345 678',
    });
  });

  it('says which required field is missing, in Vietnamese', () => {
    const all = { name: 'required', phone: 'required', email: 'required' } as const;
    expect(validatePreChat(all, {}).errors).toEqual({
      name: M.nameRequired,
      phone: M.phoneRequired,
      email: M.emailRequired,
    });
    expect(
      validatePreChat(all, { name: 'x'.repeat(101), phone: '0912345678', email: 'a@b' }).errors,
    ).toEqual({
      name: M.nameTooLong,
      email: M.emailInvalid,
    });
  });

  it('starts at once when every field is hidden', () => {
    expect(asksAnything({ name: 'hidden', phone: 'hidden', email: 'hidden' })).toBe(false);
    expect(asksAnything(modes)).toBe(true);
  });
});

describe('messages and the offline form', () => {
  it('refuses an empty or too long message', () => {
    expect(messageError('   ')).toBe(M.bodyRequired);
    expect(messageError('a'.repeat(5001))).toBe(M.bodyTooLong);
    expect(messageError('a'.repeat(5000))).toBeUndefined();
  });

  it('checks the contact fields and the message together', () => {
    const { errors, body } = validateOffline(modes, { name: 'Bình', body: ' Cần tư vấn ' });
    expect(errors).toEqual({});
    expect(body.body).toBe('Cần tư vấn');
    expect(validateOffline(modes, { body: '' }).errors).toEqual({
      name: M.nameRequired,
      body: M.bodyRequired,
    });
  });
});
