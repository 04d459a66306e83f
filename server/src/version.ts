/** The server's version and the client versions it serves (semver range; must include 2.0.0). */
export const SERVER_VERSION = '0.1.0';
export const SUPPORTED_CLIENT_RANGE = '>=2.0.0 <3.0.0';
