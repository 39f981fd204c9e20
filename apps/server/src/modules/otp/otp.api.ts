// The public face of the otp module (registration OTP by SMS).
export { OtpRepository } from './otp.repository.ts';
export {
  OTP_RETENTION_MS,
  OTP_SEND_IP_RULE,
  OTP_VERIFIED_WINDOW_MS,
  OtpService,
  otpPepper,
  type OtpSendResult,
  type OtpServiceDeps,
} from './otp.service.ts';
