import { CodeStore } from '../notify/codes.js';
import { Delivery } from '../notify/delivery.js';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import { usersApi } from './routes.js';
import { UsersService } from './service.js';
import { Sessions } from './sessions.js';

export interface UsersParts {
  users: UsersService;
  sessions: Sessions;
  /** Sends codes by mail or text message (the dev mailbox in demo mode). */
  delivery: Delivery;
}

/** Accounts, sign-in, sessions, two-factor and the codes sent to users. */
export const usersDomain: Domain<ExchangeContext, UsersParts> = {
  name: 'users',
  open: ({ config, db, clock, settings }) => {
    const sessions = new Sessions(db.kysely, clock);
    const delivery = new Delivery(config, db.kysely, clock);
    const users = new UsersService({
      db: db.kysely,
      clock,
      codes: new CodeStore(db.kysely, clock),
      delivery,
      sessions,
      settings,
      maxPasswordFailures: config.maxPasswordFailures,
      totpSealKey: config.totpSecretKey,
    });
    return {
      parts: { users, sessions, delivery },
      routes: () => [
        api(
          usersApi({
            users,
            sessions,
            authRateLimit: config.authRateLimit,
            codeRateLimit: config.codeRateLimit,
            secretGuessLimit: config.secretGuessLimit,
          }),
        ),
      ],
      stop: () => delivery.close(),
    };
  },
};
