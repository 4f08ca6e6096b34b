import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended memory and time cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashSecret = (plain: string) => hash(plain, OPTIONS);

export async function verifySecret(hashed: string, plain: string) {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Verifying against a throwaway hash makes an unknown email cost as long as a wrong password. */
export async function verifyAgainstNothing(plain: string) {
  dummy ??= hashSecret('no-such-account-placeholder');
  await verifySecret(await dummy, plain);
  return false;
}
