/**
 * Prints the `authorization` block of a nats-server configuration with one user per kind of
 * process (cluster/nats-access.ts, docs/cluster.md "Who may say what on NATS"):
 * `npm run nats-config [-- <prefix>]`, the prefix NATS_PREFIX (`oex`) by default. Each user's
 * password is read from the NATS server's own environment (OEX_NATS_CORE_PASSWORD, ...).
 */
import { natsAuthorization } from './nats-access.js';

const prefix = process.argv[2] || process.env.NATS_PREFIX || 'oex';
process.stdout.write(natsAuthorization(prefix));
