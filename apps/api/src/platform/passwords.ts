import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id, m=19 MiB, t=2, p=1 (OWASP's first recommended setting).
// `algorithm: 2` is Argon2id (a const enum that cannot be imported under verbatimModuleSyntax).
const OPTIONS: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Verifies against a throw-away hash so that an unknown email costs the same time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('tagstock-timing-equaliser');
  await verifyPassword(await dummy, password);
}
