// The public face of the otp module (registration OTP by SMS), used by the account module.
export { OtpRepository } from './otp.repository.ts';
export { OtpService, otpPepper, smsLanguage, type OtpSendResult } from './otp.service.ts';
