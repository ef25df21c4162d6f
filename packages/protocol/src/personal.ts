import { z } from './zod.js';
import { idField, intLike, pageField, requiredText, trimmed } from './common.js';
import { defineCall, reply } from './contract.js';
import type { Paged } from './envelope.js';

/**
 * The personal centre's own records (/personal; docs/personal.md): image uploads,
 * identity (real-name) submissions, payment methods for the fiat desk, and feedback.
 */

// ---- uploads ------------------------------------------------------------------------------------

/** What an upload is for; every upload is private to its owner and the operator whatever it is. */
export const UPLOAD_PURPOSES = ['identity', 'pay_qrcode', 'feedback', 'other'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const imageUploadQuery = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { message: 'rule.upload_purpose' }).default('other'),
});

/** common/image_upload: the stored image; `url` answers only to its owner and the operator. */
export interface UploadResult {
  id: number;
  url: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

export const imageIdParams = z.object({ id: idField });

/** Where an upload is read: `common/image_upload` answers it as `url`. */
export const UPLOAD_URL_PATTERN = /^(?:https?:\/\/[^/]+)?\/api\/common\/image\/(\d{1,15})$/;

/**
 * An upload given in a form: its id, or (the spec's client sends what common/image_upload
 * answered) its URL, `/api/common/image/<id>`, with or without the host. Either names the same
 * private upload, and only its owner may use it.
 */
export const uploadIdField = z.preprocess(
  (value) =>
    typeof value === 'string' && UPLOAD_URL_PATTERN.test(value.trim())
      ? value.trim().match(UPLOAD_URL_PATTERN)![1]
      : value,
  idField,
);

// ---- identity -----------------------------------------------------------------------------------

export const REVIEW_NONE = 0;
export const REVIEW_PENDING = 1;
export const REVIEW_CERTIFIED = 2;
export const REVIEW_REJECTED = 3;
/** 0 not submitted, 1 under review, 2 certified, 3 rejected (with a reason). */
export type ReviewStatus = 0 | 1 | 2 | 3;

/** Letters of any script, spaces, dots, apostrophes and hyphens (names such as "O'Neil-Smith Jr."). */
export const REAL_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'·-]*$/u;
/** A national ID or passport number: 5-32 letters and digits (a hyphen or space between groups). */
export const CARD_ID_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{3,30})[A-Za-z0-9]$/;

export const realNameField = requiredText(64).regex(REAL_NAME_PATTERN, { message: 'rule.real_name' });

export const realNameRequest = z.object({
  name: realNameField,
  card_id: requiredText(32).regex(CARD_ID_PATTERN, { message: 'rule.card_id' }),
  front_pic: uploadIdField,
  reverse_pic: uploadIdField,
  /** The hand-held photo (the spec names three photos); optional. */
  hand_pic: uploadIdField.optional().nullable(),
});
export type RealNameRequest = z.input<typeof realNameRequest>;

/** user_real/center. */
export interface IdentityCenter {
  review_status: ReviewStatus;
  /** The submitted name, while a submission exists. */
  name: string | null;
  /** The ID number with its middle hidden. */
  card_id: string | null;
  /** Why the last submission was rejected (status 3). */
  reason: string | null;
  submitted_at: number | null;
  reviewed_at: number | null;
}

/** An identity submission as the operator reviews it. */
export interface IdentitySubmissionView {
  id: number;
  user_id: number;
  account: string;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  hand_pic: string | null;
  status: 1 | 2 | 3;
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
}

export const identityPendingQuery = z.object({ page: pageField });
export const identityApproveRequest = z.object({ id: idField });
export const identityRejectRequest = z.object({ id: idField, reason: requiredText(256) });

// ---- payment methods ----------------------------------------------------------------------------

export const PAY_METHOD_CODES = ['alipay', 'wxpay', 'bank'] as const;
export type PayMethodCode = (typeof PAY_METHOD_CODES)[number];

/** pay_method/types. */
export interface PayMethodType {
  id: number;
  name: string;
  code: PayMethodCode;
}

const payText = (max: number) => requiredText(max).regex(/^[^\p{C}]*$/u, { message: 'rule.invalid' });

/** Alipay and WeChat Pay: the account and its receiving QR code (an upload id of the caller's). */
export const walletRawData = z.object({
  real_name: realNameField,
  account: payText(64),
  qrcode: uploadIdField,
});

/** A bank card: the bank, its branch (bank_address) and the card number (8-30 digits). */
export const bankRawData = z.object({
  real_name: realNameField,
  bank_name: payText(64),
  card_no: requiredText(40)
    .transform((text) => text.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{8,30}$/, { message: 'rule.card_no' })),
  bank_address: payText(128),
});

/**
 * A payment method type as sent: its code, or (the spec's client sends the id from
 * pay_method/types) its id, 1 alipay, 2 wxpay, 3 bank (the order of PAY_METHOD_CODES, and the ids
 * of the server's pay-method-types.json).
 */
function payCodeOf(value: unknown): unknown {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= PAY_METHOD_CODES.length ? PAY_METHOD_CODES[id - 1] : value;
}

export const payMethodSaveRequest = z.preprocess(
  (body) =>
    typeof body === 'object' && body !== null && 'type' in body
      ? { ...body, type: payCodeOf((body as { type: unknown }).type) }
      : body,
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('alipay'), raw_data: walletRawData }),
      z.object({ type: z.literal('wxpay'), raw_data: walletRawData }),
      z.object({ type: z.literal('bank'), raw_data: bankRawData }),
    ],
    { message: 'rule.pay_type' },
  ),
);
/** What our web app sends to pay_method/save (the server also takes `type` as the type's id, 1-3). */
export type PayMethodSaveRequest =
  | { type: 'alipay' | 'wxpay'; raw_data: z.input<typeof walletRawData> }
  | { type: 'bank'; raw_data: z.input<typeof bankRawData> };

export const payMethodTypeQuery = z.object({
  type: z.preprocess(payCodeOf, z.enum(PAY_METHOD_CODES, { message: 'rule.pay_type' })),
});

export type WalletRawData = z.output<typeof walletRawData>;
export type BankRawData = z.output<typeof bankRawData>;

/**
 * A saved method. A wallet's `qrcode` is where its owner reads the image: the URL that
 * `common/image_upload` answered, which the spec's client sends and shows; `qrcode_id` is its upload id.
 */
export type PayMethodView =
  | {
      id: number;
      type: 'alipay' | 'wxpay';
      raw_data: Omit<WalletRawData, 'qrcode'> & { qrcode: string; qrcode_id: number };
      updated_at: number;
    }
  | { id: number; type: 'bank'; raw_data: BankRawData; updated_at: number };

// ---- feedback -----------------------------------------------------------------------------------

export const FEEDBACK_MIN_LENGTH = 10;

export const feedbackSubmitRequest = z.object({
  content: trimmed(2000).min(FEEDBACK_MIN_LENGTH, { message: 'rule.feedback_short' }),
  image: uploadIdField.optional().nullable(),
});
export type FeedbackSubmitRequest = z.input<typeof feedbackSubmitRequest>;

export const feedbackListQuery = z.object({
  page: pageField,
  limit: intLike.pipe(z.number().min(1).max(50)).optional(),
});

export interface FeedbackView {
  id: number;
  content: string;
  image_url: string | null;
  created_at: number;
  replies: { id: number; content: string; created_at: number }[];
}

/** The operator's list: every user's feedback, or with `unanswered=1` only those without a reply. */
export const feedbackAdminQuery = z.object({
  page: pageField,
  unanswered: intLike.pipe(z.union([z.literal(0), z.literal(1)])).default(0),
});

export const feedbackReplyRequest = z.object({ id: idField, content: requiredText(2000) });

const personalCall = { tags: ['personal'] } as const;
const personalAdminCall = { tags: ['admin'], auth: 'operator' } as const;

/**
 * Identity review, payment methods, feedback and image uploads (docs/personal.md), and the
 * operator's review and reply calls. An uploaded image (common/image/:id) answers bytes, not an
 * envelope: that route stays outside the contract.
 */
export const personalCalls = {
  upload: defineCall({
    ...personalCall,
    method: 'POST',
    path: 'common/image_upload',
    auth: 'user',
    multipart: true,
    request: imageUploadQuery,
    reply: reply<UploadResult>(),
    summary:
      'Upload one JPEG, PNG or WebP (multipart field `file`, at most 5 MB and 40 megapixels); it is re-encoded without metadata and readable only by you and the operator',
  }),
  identityPending: defineCall({
    ...personalAdminCall,
    method: 'GET',
    path: 'admin/user_real/pending',
    request: identityPendingQuery,
    reply: reply<Paged<IdentitySubmissionView>>(),
    summary: 'Identity submissions under review, oldest first',
  }),
  identityApprove: defineCall({
    ...personalAdminCall,
    method: 'POST',
    path: 'admin/user_real/approve',
    request: identityApproveRequest,
    reply: reply<IdentitySubmissionView>(),
    summary: 'Certify an identity submission under review',
  }),
  identityReject: defineCall({
    ...personalAdminCall,
    method: 'POST',
    path: 'admin/user_real/reject',
    request: identityRejectRequest,
    reply: reply<IdentitySubmissionView>(),
    summary: 'Reject an identity submission under review, with the reason its owner will read',
  }),
  payMethodTypes: defineCall({
    ...personalCall,
    method: 'GET',
    path: 'pay_method/types',
    auth: 'public',
    reply: reply<PayMethodType[]>(),
    summary: 'Payment method types: alipay, wxpay, bank',
  }),
  feedbackAll: defineCall({
    ...personalAdminCall,
    method: 'GET',
    path: 'admin/feedback/list',
    request: feedbackAdminQuery,
    reply: reply<Paged<FeedbackView & { user_id: number }>>(),
    summary: "Every user's feedback (unanswered=1: only those without a reply), newest first, with replies",
  }),
  feedbackReply: defineCall({
    ...personalAdminCall,
    method: 'POST',
    path: 'admin/feedback/reply',
    request: feedbackReplyRequest,
    reply: z.object({ id: z.number(), feedback_id: z.number() }),
    summary: 'Reply to a feedback; its author sees the reply',
  }),
  identityCenter: defineCall({
    ...personalCall,
    method: 'GET',
    path: 'user_real/center',
    auth: 'user',
    reply: reply<IdentityCenter>(),
    summary:
      'Your identity review: review_status 0 none, 1 under review, 2 certified, 3 rejected (with the reason)',
  }),
  realName: defineCall({
    ...personalCall,
    method: 'POST',
    path: 'user_real/real_name',
    auth: 'user',
    request: realNameRequest,
    reply: reply<IdentityCenter>(),
    summary:
      'Submit name, ID number and photos (front_pic, reverse_pic, optional hand_pic: ids of your own uploads); only from status 0 or 3',
  }),
  payMethod: defineCall({
    ...personalCall,
    method: 'GET',
    path: 'pay_method/get_method_by_type',
    auth: 'user',
    request: payMethodTypeQuery,
    reply: reply<PayMethodView | null>(),
    summary: 'Your saved method of one type (alipay, wxpay or bank), or null',
  }),
  savePayMethod: defineCall({
    ...personalCall,
    method: 'POST',
    path: 'pay_method/save',
    auth: 'user',
    request: payMethodSaveRequest,
    reply: reply<PayMethodView>(),
    summary:
      'Save your method of a type (replaces the previous one). raw_data: real_name, account, qrcode (your upload id, or the URL common/image_upload answered; read back as that URL, with qrcode_id) for alipay and wxpay; real_name, bank_name, card_no, bank_address (branch) for bank',
  }),
  submitFeedback: defineCall({
    ...personalCall,
    method: 'POST',
    path: 'feedback/submit',
    auth: 'user',
    request: feedbackSubmitRequest,
    reply: reply<FeedbackView>(),
    summary: 'Send feedback: at least 10 characters, optionally an image (your upload id); 5 an hour',
  }),
  feedbackList: defineCall({
    ...personalCall,
    method: 'GET',
    path: 'feedback/list',
    auth: 'user',
    request: feedbackListQuery,
    reply: reply<Paged<FeedbackView>>(),
    summary: 'Your feedback, newest first, each with the replies',
  }),
};
