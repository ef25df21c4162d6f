import type { AdminParts } from '../admin/domain.js';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import { uploadApi } from '../uploads/routes.js';
import type { UsersParts } from '../users/domain.js';
import { openPersonal, type Personal } from './module.js';
import { personalApi } from './routes.js';

export interface PersonalParts {
  /** Uploads, identity, payment methods and feedback. */
  personal: Personal;
}

/** The personal centre, with the uploads its forms (and the fiat desk's proofs) send. */
export const personalDomain: Domain<ExchangeContext & AdminParts & UsersParts, PersonalParts> = {
  name: 'personal',
  open: ({ config, db, clock, sessions, allow }) => {
    const personal = openPersonal({ db: db.kysely, config, clock });
    return {
      parts: { personal },
      routes: () => [
        api(uploadApi({ store: personal.uploads, sessions, allow, rateLimit: config.authRateLimit })),
        api(personalApi({ ...personal, sessions, allow })),
      ],
    };
  },
};
