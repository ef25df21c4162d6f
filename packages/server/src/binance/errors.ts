/**
 * Binance's error shape, `{code: -NNNN, msg}`, with the HTTP status it comes with. The trading API
 * answers these instead of the spec's envelope (docs/trading-api.md).
 */
export class BinanceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** Seconds, for 429 answers. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  toJSON(): { code: number; msg: string } {
    return { code: this.code, msg: this.message };
  }
}

export const unknownError = (msg = 'An unknown error occurred while processing the request.') =>
  new BinanceError(500, -1000, msg);
export const unauthorized = () =>
  new BinanceError(401, -1002, 'You are not authorized to execute this request.');
export const tooManyRequests = (retryAfter: number, msg = 'Too many requests; current limit is exceeded.') =>
  new BinanceError(429, -1003, msg, retryAfter);
export const invalidTimestamp = (msg: string) => new BinanceError(400, -1021, msg);
export const invalidSignature = () =>
  new BinanceError(400, -1022, 'Signature for this request is not valid.');
export const mandatoryParam = (name: string) =>
  new BinanceError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
export const badParam = (msg: string) => new BinanceError(400, -1100, msg);
export const badSymbol = () => new BinanceError(400, -1121, 'Invalid symbol.');
export const badRecvWindow = () => new BinanceError(400, -1131, 'recvWindow must be less than 60000');
export const filterFailure = (filter: string) => new BinanceError(400, -1013, `Filter failure: ${filter}`);
export const orderRejected = (msg: string) => new BinanceError(400, -2010, msg);
export const cancelRejected = (msg = 'Unknown order sent.') => new BinanceError(400, -2011, msg);
export const noSuchOrder = () => new BinanceError(400, -2013, 'Order does not exist.');
export const badKeyFormat = () => new BinanceError(401, -2014, 'API-key format invalid.');
export const rejectedKey = (msg = 'Invalid API-key, IP, or permissions for action.') =>
  new BinanceError(401, -2015, msg);
export const invalidListenKey = () => new BinanceError(400, -1125, 'This listenKey does not exist.');

/** The wallet's refusals (`/sapi/v1/capital`), with the codes Binance gives them. */
export const noSuchAsset = () => new BinanceError(400, -4018, "We don't have this asset.");
export const walletRefused = (code: number, msg: string) => new BinanceError(400, code, msg);
