/** The signed-in user of a request or a live channel: who it is and by which session. */
export interface AuthUser {
  id: number;
  sessionId: number;
}

export interface SessionResolver {
  /** The signed-in user of a token; throws a 999 error when it is unknown, revoked or expired. */
  authenticate(token: string): Promise<AuthUser>;
}
