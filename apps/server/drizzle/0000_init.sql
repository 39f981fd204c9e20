CREATE TABLE "member_risk_flags" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"flag_reason" text,
	"flagged_by" text,
	"flagged_at" timestamp with time zone,
	"payout_hold" boolean DEFAULT false NOT NULL,
	"hold_reason" text,
	"hold_by" text,
	"hold_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_security_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_security_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb NOT NULL,
	"ip" text,
	"session_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"currency" text DEFAULT 'THB' NOT NULL,
	"bank_code" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"bank_account_no" text NOT NULL,
	"source_code" text,
	"inviter_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_status_ck" CHECK ("members"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"member_id" integer,
	"amount" bigint,
	"currency" text,
	"payload" jsonb NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "approvals_status_ck" CHECK ("approvals"."status" in ('pending', 'approved', 'rejected', 'within_limit')),
	CONSTRAINT "approvals_kind_ck" CHECK ("approvals"."kind" in ('adjustment', 'manual_deposit', 'setting'))
);
--> statement-breakpoint
CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_id" integer NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_single_ck" CHECK ("audit_chain_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"operator_id" integer,
	"operator" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_passkeys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_passkeys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint NOT NULL,
	"transports" text[] NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_enrolments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"kind" text NOT NULL,
	"roles" text[],
	"status" text NOT NULL,
	"requested_by_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "operator_requests_kind_ck" CHECK ("operator_requests"."kind" in ('create', 'roles', 'enrolment')),
	CONSTRAINT "operator_requests_status_ck" CHECK ("operator_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "operator_sign_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_sign_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"username" text NOT NULL,
	"operator_id" integer,
	"outcome" text NOT NULL,
	"known_device" boolean NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "operator_sign_ins_outcome_ck" CHECK ("operator_sign_ins"."outcome" in ('success', 'enrolment', 'wrong', 'locked'))
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text,
	"roles" text[] NOT NULL,
	"totp_secret_box" text NOT NULL,
	"totp_confirmed_at" timestamp with time zone,
	"totp_last_step" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operators_roles_ck" CHECK ("operators"."roles" <@ array['admin', 'finance', 'support', 'marketing']::text[])
);
--> statement-breakpoint
CREATE TABLE "passkey_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"challenge" text NOT NULL,
	"purpose" text NOT NULL,
	"member_id" integer,
	"session_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "passkey_challenges_purpose_ck" CHECK ("passkey_challenges"."purpose" in ('register', 'sign-in'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"refresh_hash" text,
	"ip" text,
	"user_agent" text,
	"stepped_up_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_check_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_check_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trigger" text NOT NULL,
	"operator" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"problem_count" integer NOT NULL,
	"problems" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"body" text NOT NULL,
	"operator_id" integer,
	"operator" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_canned_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_canned_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"short_code" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_canned_replies_language_ck" CHECK ("chat_canned_replies"."language" in ('th', 'la', 'en'))
);
--> statement-breakpoint
CREATE TABLE "chat_conversation_labels" (
	"conversation_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "chat_conversation_labels_conversation_id_label_id_pk" PRIMARY KEY("conversation_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer,
	"guest_id" text,
	"guest_address" text,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" integer,
	"assignee_name" text,
	"session_id" text NOT NULL,
	"unread_customer" integer DEFAULT 0 NOT NULL,
	"unread_operator" integer DEFAULT 0 NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_media" (
	"key" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"sender" text NOT NULL,
	"operator_id" integer,
	"session_id" text NOT NULL,
	"message" jsonb NOT NULL,
	"is_note" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"code" text PRIMARY KEY NOT NULL,
	"clearing_code" text NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"name_la" text,
	"country" text NOT NULL,
	"account_digits_min" integer NOT NULL,
	"account_digits_max" integer NOT NULL,
	"requires_english_name" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"description_la" text,
	"description_en" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"channel" text NOT NULL,
	"reference" text NOT NULL,
	"source_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "deposits_status_ck" CHECK ("deposits"."status" in ('credited', 'review', 'rejected')),
	CONSTRAINT "deposits_amount_ck" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "qr_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"payload" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"inquiries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_webhook_inbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_webhook_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"payment_id" text,
	"provider_txn_id" text,
	"body" text NOT NULL,
	"result" text,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "slips" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"storage_key" text NOT NULL,
	"qr_payload" text,
	"sending_bank" text,
	"trans_ref" text,
	"amount" bigint,
	"currency" text NOT NULL,
	"verification" text,
	"deposit_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slips_status_ck" CHECK ("slips"."status" in ('PROCESSING', 'SUCCESS', 'FAILED', 'REVIEW'))
);
--> statement-breakpoint
CREATE TABLE "true_vouchers" (
	"hash" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"status" text NOT NULL,
	"code" text,
	"amount" bigint,
	"deposit_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_deliveries" (
	"event_id" bigint NOT NULL,
	"subscriber" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"runner" text,
	CONSTRAINT "outbox_deliveries_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber")
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "game_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"game" text NOT NULL,
	"username" text NOT NULL,
	"password_enc" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"balance_updated_at" timestamp with time zone,
	"balance_version" bigint,
	"balance_asked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "game_accounts_status_ck" CHECK ("game_accounts"."status" in ('pending', 'active'))
);
--> statement-breakpoint
CREATE TABLE "game_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"game" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_transfers_direction_ck" CHECK ("game_transfers"."direction" in ('to_game', 'from_game')),
	CONSTRAINT "game_transfers_status_ck" CHECK ("game_transfers"."status" in ('pending', 'success', 'failed')),
	CONSTRAINT "game_transfers_amount_ck" CHECK ("game_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"principal_kind" text NOT NULL,
	"principal_id" integer NOT NULL,
	"key" text NOT NULL,
	"endpoint" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_status_ck" CHECK ("idempotency_keys"."status" in ('in_progress', 'completed')),
	CONSTRAINT "idempotency_keys_principal_ck" CHECK ("idempotency_keys"."principal_kind" in ('member', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "inbox_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "inbox_entries_kind_ck" CHECK ("inbox_entries"."kind" in ('deposit_credited', 'slip_verified', 'withdrawal_paid', 'withdrawal_rejected', 'bonus_completed', 'bonus_ended'))
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job" text NOT NULL,
	"slot" text,
	"queue_job_id" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"runner" text,
	"queued_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"result" jsonb,
	CONSTRAINT "job_runs_status_ck" CHECK ("job_runs"."status" in ('queued', 'running', 'retrying', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"member_id" integer,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_balance_ck" CHECK ("ledger_accounts"."allow_negative" or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"idempotency_key" text,
	"reference" text,
	"member_id" integer,
	"currency" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"ref" text NOT NULL,
	"ip" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone,
	"purpose" text DEFAULT 'register' NOT NULL,
	"ticket_hash" text,
	"ticket_used_at" timestamp with time zone,
	CONSTRAINT "otp_codes_attempts_ck" CHECK ("otp_codes"."attempts" >= 0),
	CONSTRAINT "otp_codes_purpose_ck" CHECK ("otp_codes"."purpose" in ('register', 'bank-change', 'password-reset'))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spin_coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"draw_id" text NOT NULL,
	"slice_id" integer NOT NULL,
	"prize_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spin_coupons_status_ck" CHECK ("spin_coupons"."status" in ('open', 'claimed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "spin_draws" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"key" text NOT NULL,
	"wheel_id" integer NOT NULL,
	"slice_id" integer NOT NULL,
	"remaining_coin" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spin_slices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spin_slices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"wheel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"label" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"bg_color" text NOT NULL,
	"text_color" text NOT NULL,
	"weight" integer NOT NULL,
	"prize_type" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"coupon_hours" integer DEFAULT 72 NOT NULL,
	"condition" jsonb,
	"removed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "spin_slices_weight_ck" CHECK ("spin_slices"."weight" >= 0),
	CONSTRAINT "spin_slices_amount_ck" CHECK ("spin_slices"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spin_wheels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spin_wheels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_account_no" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"payout_id" text NOT NULL,
	"payout_attempts" integer DEFAULT 0 NOT NULL,
	"inquiries" integer DEFAULT 0 NOT NULL,
	"bank_ref" text,
	"reject_reason" text,
	"reject_note" text,
	"last_error" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_status_ck" CHECK ("withdrawals"."status" in ('pending_review', 'approved', 'paying', 'paid', 'payout_failed', 'rejected', 'cancelled')),
	CONSTRAINT "withdrawals_amount_ck" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "balance_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"ledger_transaction_id" text,
	CONSTRAINT "balance_adjustments_status_ck" CHECK ("balance_adjustments"."status" in ('pending', 'posted', 'rejected')),
	CONSTRAINT "balance_adjustments_amount_ck" CHECK ("balance_adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "promo_banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"place" text NOT NULL,
	"image" text NOT NULL,
	"html" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_banners_place_ck" CHECK ("promo_banners"."place" in ('invite', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "referral_claim_state" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"last_claim_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "referral_commissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_commissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"deposit_id" text NOT NULL,
	"deposit" bigint NOT NULL,
	"basis_points" integer NOT NULL,
	"commission" bigint NOT NULL,
	"currency" text NOT NULL,
	"withheld" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_commissions_amount_ck" CHECK ("referral_commissions"."commission" >= 0 and "referral_commissions"."deposit" > 0),
	CONSTRAINT "referral_commissions_status_ck" CHECK ("referral_commissions"."status" in ('paid', 'held', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "referral_links" (
	"invitee_id" integer PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"signals" text[] DEFAULT '{}'::text[] NOT NULL,
	"flagged_at" timestamp with time zone,
	"shared_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"review" text DEFAULT 'clear' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	"first_deposit_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_links_review_ck" CHECK ("referral_links"."review" in ('clear', 'held', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "deposit_bonus_choices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_bonus_choices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"channel" text NOT NULL,
	"intent_id" text NOT NULL,
	"promotion_id" integer NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'chosen' NOT NULL,
	"reason" text,
	"deposit_id" text,
	"condition_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_bets" (
	"game" text NOT NULL,
	"bet_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"day" text NOT NULL,
	"pulled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_bets_game_bet_id_pk" PRIMARY KEY("game","bet_id")
);
--> statement-breakpoint
CREATE TABLE "member_turnover_daily" (
	"member_id" integer NOT NULL,
	"day" text NOT NULL,
	"valid_bets" bigint NOT NULL,
	"win_loss" bigint NOT NULL,
	"bet_count" integer NOT NULL,
	CONSTRAINT "member_turnover_daily_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "promotion_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"period" text NOT NULL,
	"seq" integer NOT NULL,
	"amount" bigint NOT NULL,
	"condition_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_conditions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_conditions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"promotion_id" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"success_rule" text NOT NULL,
	"currency" text NOT NULL,
	"bonus" bigint NOT NULL,
	"base" bigint NOT NULL,
	"target" bigint NOT NULL,
	"fail_below" bigint NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"percent_fail" double precision NOT NULL,
	"max_withdraw" bigint,
	"max_bet" bigint,
	"transaction_id" bigint NOT NULL,
	"forfeited" bigint DEFAULT 0 NOT NULL,
	"name" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"type" text NOT NULL,
	"max_received" integer NOT NULL,
	"percent" double precision NOT NULL,
	"min_deposit" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"success_rule" text NOT NULL,
	"turnover_multiple" double precision NOT NULL,
	"success_percent" double precision NOT NULL,
	"percent_fail" double precision NOT NULL,
	"max_withdraw_multiple" double precision,
	"max_bet" bigint,
	"max_balance_at_claim" bigint DEFAULT 500,
	"is_active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"banners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "turnover_cursors" (
	"game" text PRIMARY KEY NOT NULL,
	"pulled_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day" text NOT NULL,
	"basis_points" integer NOT NULL,
	"min_refund" bigint NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "refund_runs_day_uq" UNIQUE("day")
);
--> statement-breakpoint
CREATE TABLE "refund_wallet_state" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"adds" integer DEFAULT 0 NOT NULL,
	"last_add_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"day" text NOT NULL,
	"loss" bigint NOT NULL,
	"basis_points" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'claimable' NOT NULL,
	"receive_transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_ck" CHECK ("refunds"."amount" > 0 and "refunds"."loss" > 0),
	CONSTRAINT "refunds_status_ck" CHECK ("refunds"."status" in ('claimable', 'received', 'credited'))
);
--> statement-breakpoint
CREATE TABLE "responsible_breaks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "responsible_breaks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "responsible_breaks_kind_ck" CHECK ("responsible_breaks"."kind" in ('cooling_off', 'self_exclusion')),
	CONSTRAINT "responsible_breaks_period_ck" CHECK ("responsible_breaks"."ends_at" > "responsible_breaks"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "responsible_limits" (
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" bigint,
	"has_pending" boolean DEFAULT false NOT NULL,
	"pending_value" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "responsible_limits_member_id_kind_pk" PRIMARY KEY("member_id","kind"),
	CONSTRAINT "responsible_limits_value_ck" CHECK ("responsible_limits"."value" is null or "responsible_limits"."value" > 0),
	CONSTRAINT "responsible_limits_pending_ck" CHECK ("responsible_limits"."pending_value" is null or "responsible_limits"."pending_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "line_deliveries" (
	"retry_key" text PRIMARY KEY NOT NULL,
	"member_id" integer,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "line_deliveries_status_ck" CHECK ("line_deliveries"."status" in ('sent', 'skipped', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "line_links" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"line_user_id" text,
	"is_following" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'th' NOT NULL,
	"muted" text[] DEFAULT '{}'::text[] NOT NULL,
	"link_code_hash" text,
	"link_code_expires_at" timestamp with time zone,
	"linked_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "line_links_language_ck" CHECK ("line_links"."language" in ('th', 'la', 'en'))
);
--> statement-breakpoint
ALTER TABLE "member_risk_flags" ADD CONSTRAINT "member_risk_flags_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_security_events" ADD CONSTRAINT "member_security_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_passkeys" ADD CONSTRAINT "member_passkeys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_enrolments" ADD CONSTRAINT "operator_enrolments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_requests" ADD CONSTRAINT "operator_requests_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sign_ins" ADD CONSTRAINT "operator_sign_ins_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation_labels" ADD CONSTRAINT "chat_conversation_labels_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation_labels" ADD CONSTRAINT "chat_conversation_labels_label_id_chat_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."chat_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_payments" ADD CONSTRAINT "qr_payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "true_vouchers" ADD CONSTRAINT "true_vouchers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_deliveries" ADD CONSTRAINT "outbox_deliveries_event_id_outbox_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_accounts" ADD CONSTRAINT "game_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transfers" ADD CONSTRAINT "game_transfers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_coupons" ADD CONSTRAINT "spin_coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_coupons" ADD CONSTRAINT "spin_coupons_draw_id_spin_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."spin_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_coupons" ADD CONSTRAINT "spin_coupons_slice_id_spin_slices_id_fk" FOREIGN KEY ("slice_id") REFERENCES "public"."spin_slices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_draws" ADD CONSTRAINT "spin_draws_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_draws" ADD CONSTRAINT "spin_draws_wheel_id_spin_wheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."spin_wheels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_draws" ADD CONSTRAINT "spin_draws_slice_id_spin_slices_id_fk" FOREIGN KEY ("slice_id") REFERENCES "public"."spin_slices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_slices" ADD CONSTRAINT "spin_slices_wheel_id_spin_wheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."spin_wheels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_claim_state" ADD CONSTRAINT "referral_claim_state_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_inviter_id_members_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_invitee_id_members_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_invitee_id_members_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_inviter_id_members_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_bonus_choices" ADD CONSTRAINT "deposit_bonus_choices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_bonus_choices" ADD CONSTRAINT "deposit_bonus_choices_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_turnover_daily" ADD CONSTRAINT "member_turnover_daily_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_condition_id_promotion_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."promotion_conditions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_conditions" ADD CONSTRAINT "promotion_conditions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_conditions" ADD CONSTRAINT "promotion_conditions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_wallet_state" ADD CONSTRAINT "refund_wallet_state_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_breaks" ADD CONSTRAINT "responsible_breaks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_limits" ADD CONSTRAINT "responsible_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_deliveries" ADD CONSTRAINT "line_deliveries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_links" ADD CONSTRAINT "line_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_security_events_member_idx" ON "member_security_events" USING btree ("member_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_username_uq" ON "members" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "members_bank_account_uq" ON "members" USING btree ("bank_code","bank_account_no");--> statement-breakpoint
CREATE INDEX "members_inviter_idx" ON "members" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "approvals_status_idx" ON "approvals" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "approvals_operator_idx" ON "approvals" USING btree ("requested_by_id","requested_at");--> statement-breakpoint
CREATE INDEX "approvals_member_idx" ON "approvals" USING btree ("member_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_pending_target_uq" ON "approvals" USING btree ("target") WHERE "approvals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target","at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_passkeys_credential_uq" ON "member_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "member_passkeys_member_idx" ON "member_passkeys" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_enrolments_token_uq" ON "operator_enrolments" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_enrolments_operator_idx" ON "operator_enrolments" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_requests_pending_uq" ON "operator_requests" USING btree ("operator_id") WHERE "operator_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "operator_sign_ins_at_idx" ON "operator_sign_ins" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operator_sign_ins_username_idx" ON "operator_sign_ins" USING btree ("username","at");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_uq" ON "operators" USING btree ("username");--> statement-breakpoint
CREATE INDEX "passkey_challenges_expires_idx" ON "passkey_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_notes_member_idx" ON "member_notes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_canned_replies_code_uq" ON "chat_canned_replies" USING btree ("short_code","language");--> statement-breakpoint
CREATE INDEX "chat_conversation_labels_label_idx" ON "chat_conversation_labels" USING btree ("label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_member_uq" ON "chat_conversations" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_guest_uq" ON "chat_conversations" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_recent_idx" ON "chat_conversations" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_guest_address_idx" ON "chat_conversations" USING btree ("guest_address","status");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_labels_name_uq" ON "chat_labels" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_channel_reference_uq" ON "deposits" USING btree ("channel","reference");--> statement-breakpoint
CREATE INDEX "deposits_member_idx" ON "deposits" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_payments_one_open_uq" ON "qr_payments" USING btree ("member_id","provider") WHERE "qr_payments"."status" in ('creating', 'open');--> statement-breakpoint
CREATE INDEX "qr_payments_status_idx" ON "qr_payments" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "qr_webhook_inbox_payment_idx" ON "qr_webhook_inbox" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "qr_webhook_inbox_txn_idx" ON "qr_webhook_inbox" USING btree ("provider_txn_id");--> statement-breakpoint
CREATE INDEX "slips_member_idx" ON "slips" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "slips_status_idx" ON "slips" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "outbox_events_pending_idx" ON "outbox_events" USING btree ("available_at") WHERE "outbox_events"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_events_created_idx" ON "outbox_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_accounts_member_game_uq" ON "game_accounts" USING btree ("member_id","game");--> statement-breakpoint
CREATE UNIQUE INDEX "game_accounts_game_username_uq" ON "game_accounts" USING btree ("game","username");--> statement-breakpoint
CREATE INDEX "game_transfers_status_idx" ON "game_transfers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "game_transfers_member_idx" ON "game_transfers" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_principal_key_uq" ON "idempotency_keys" USING btree ("principal_kind","principal_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_entries_source_uq" ON "inbox_entries" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "inbox_entries_member_idx" ON "inbox_entries" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "inbox_entries_unread_idx" ON "inbox_entries" USING btree ("member_id") WHERE "inbox_entries"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_slot_uq" ON "job_runs" USING btree ("job","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_queue_job_uq" ON "job_runs" USING btree ("queue_job_id");--> statement-breakpoint
CREATE INDEX "job_runs_job_queued_idx" ON "job_runs" USING btree ("job","queued_at");--> statement-breakpoint
CREATE INDEX "job_runs_queued_idx" ON "job_runs" USING btree ("queued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_uq" ON "ledger_accounts" USING btree ("code","currency");--> statement-breakpoint
CREATE INDEX "ledger_accounts_member_idx" ON "ledger_accounts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idem_uq" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_ref_uq" ON "ledger_transactions" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "ledger_transactions_member_idx" ON "ledger_transactions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "otp_codes_token_uq" ON "otp_codes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "otp_codes_phone_created_idx" ON "otp_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "otp_codes_ticket_uq" ON "otp_codes" USING btree ("ticket_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "spin_coupons_draw_uq" ON "spin_coupons" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "spin_coupons_member_idx" ON "spin_coupons" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "spin_coupons_expiry_idx" ON "spin_coupons" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spin_draws_member_key_uq" ON "spin_draws" USING btree ("member_id","key");--> statement-breakpoint
CREATE INDEX "spin_draws_created_idx" ON "spin_draws" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spin_slices_wheel_code_uq" ON "spin_slices" USING btree ("wheel_id","code");--> statement-breakpoint
CREATE INDEX "spin_wheels_active_idx" ON "spin_wheels" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_id_uq" ON "withdrawals" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "balance_adjustments_status_idx" ON "balance_adjustments" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "balance_adjustments_member_idx" ON "balance_adjustments" USING btree ("member_id","requested_at");--> statement-breakpoint
CREATE INDEX "promo_banners_place_idx" ON "promo_banners" USING btree ("place","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_commissions_deposit_uq" ON "referral_commissions" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "referral_commissions_inviter_idx" ON "referral_commissions" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_commissions_invitee_idx" ON "referral_commissions" USING btree ("invitee_id","status");--> statement-breakpoint
CREATE INDEX "referral_links_inviter_idx" ON "referral_links" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_links_flagged_idx" ON "referral_links" USING btree ("flagged_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_bonus_choices_intent_uq" ON "deposit_bonus_choices" USING btree ("channel","intent_id");--> statement-breakpoint
CREATE INDEX "deposit_bonus_choices_member_idx" ON "deposit_bonus_choices" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "game_bets_member_idx" ON "game_bets" USING btree ("member_id","placed_at");--> statement-breakpoint
CREATE INDEX "member_turnover_daily_day_idx" ON "member_turnover_daily" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_period_uq" ON "promotion_claims" USING btree ("promotion_id","member_id","period","seq");--> statement-breakpoint
CREATE INDEX "promotion_claims_member_idx" ON "promotion_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_conditions_source_uq" ON "promotion_conditions" USING btree ("source_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_conditions_running_uq" ON "promotion_conditions" USING btree ("member_id") WHERE "promotion_conditions"."status" = 'running';--> statement-breakpoint
CREATE INDEX "promotion_conditions_member_idx" ON "promotion_conditions" USING btree ("member_id","started_at");--> statement-breakpoint
CREATE INDEX "promotion_conditions_promotion_idx" ON "promotion_conditions" USING btree ("promotion_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_uq" ON "promotions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_member_day_uq" ON "refunds" USING btree ("member_id","day");--> statement-breakpoint
CREATE INDEX "refunds_member_status_idx" ON "refunds" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "refunds_day_idx" ON "refunds" USING btree ("day");--> statement-breakpoint
CREATE INDEX "responsible_breaks_member_idx" ON "responsible_breaks" USING btree ("member_id","ends_at");--> statement-breakpoint
CREATE INDEX "line_deliveries_member_idx" ON "line_deliveries" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "line_links_user_uq" ON "line_links" USING btree ("line_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_links_code_uq" ON "line_links" USING btree ("link_code_hash");