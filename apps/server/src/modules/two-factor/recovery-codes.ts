import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@kontora/contract/two-factor';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 16 base32 characters: 80 random bits each, far beyond guessing within the second-step lockout. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 16; i++) code += BASE32[randomInt(32)];
  return code;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}
