// `npx tsx apps/server/src/scripts/totp-code.ts <base32 secret>`: the current 6-digit code of an operator's TOTP
// secret (the demo operator's is printed by `npm start`), for signing in without an authenticator app.
import { totpCode } from '../modules/auth/auth.api.ts';

const secret = process.argv[2];
if (!secret) {
  console.error('usage: totp-code.ts <base32 secret>');
  process.exit(2);
}
console.log(totpCode(secret, new Date()));
