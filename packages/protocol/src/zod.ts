import { config, z } from 'zod';

/**
 * Every schema of the protocol is made with this `z`. In a browser, zod is told first never to
 * try `new Function`: it would try it once, as soon as an object schema is made, to see whether it
 * may compile faster parsers, and the web app's Content Security Policy forbids eval and reports the
 * try as a violation. Set here, it is set before any schema is made whatever order the bundle's
 * chunks load in; the server keeps the compiled parsers.
 */
if ('document' in globalThis) config({ jitless: true });

export { z };
