import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { UploadStore } from '../uploads/store.js';
import { FeedbackService } from './feedback.js';
import { IdentityService } from './identity.js';
import { PayMethods } from './pay-methods.js';

export interface Personal {
  uploads: UploadStore;
  identity: IdentityService;
  /** A user's payment methods; the fiat desk reads them with methodsOf(userId). */
  payMethods: PayMethods;
  feedback: FeedbackService;
}

/** The personal centre's services: uploads, identity, payment methods and feedback. */
export function openPersonal(deps: { db: Kysely<Database>; config: Config; clock: Clock }): Personal {
  const { db, config, clock } = deps;
  const uploads = new UploadStore(db, config.uploadsDir, clock, config.uploadsPerHour);
  return {
    uploads,
    identity: new IdentityService(db, uploads, clock),
    payMethods: new PayMethods(db, uploads, clock),
    feedback: new FeedbackService(db, uploads, clock, config.feedbackPerHour),
  };
}
