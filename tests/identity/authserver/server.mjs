// A real OAuth 2.1 / OpenID Connect authorization server for tests/identity: the certified
// oidc-provider, configured from one JSON file (argv[2]) the test writes:
//   {port, issuer, keys: [private JWK…], clients: [{client_id, client_secret, scope, groups}],
//    resources: {"<resource URL>": {scope, ttl}}, accounts: {"<login>": [groups…]}}
// Access tokens are JWTs (RFC 9068) whose audience is the requested resource (RFC 8707);
// a client's `groups` are put in its tokens' `groups` claim. A client with `redirect_uris` uses the
// authorization code flow (PKCE); people sign in through the provider's development login form as
// one of `accounts`, whose groups are in their ID token. Prints "ready" once it listens.
import { readFileSync } from "node:fs";
import Provider from "oidc-provider";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const groups = Object.fromEntries(config.clients.map((c) => [c.client_id, c.groups || []]));

const provider = new Provider(config.issuer, {
  clients: config.clients.map((c) => ({
    client_id: c.client_id,
    client_secret: c.client_secret,
    grant_types: c.redirect_uris ? ["authorization_code"] : ["client_credentials"],
    response_types: c.redirect_uris ? ["code"] : [],
    redirect_uris: c.redirect_uris || [],
    scope: c.scope,
    token_endpoint_auth_method: c.auth_method || "client_secret_post",
  })),
  jwks: { keys: config.keys },
  scopes: ["openid", "offline_access", "profile", ...new Set(config.clients.flatMap((c) => c.scope.split(" ")))],
  features: {
    devInteractions: { enabled: Boolean(config.accounts) },
    clientCredentials: { enabled: true },
    introspection: { enabled: true },
    revocation: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => undefined,
      useGrantedResource: () => true,
      getResourceServerInfo: (ctx, indicator) => {
        const server = config.resources[indicator];
        if (!server) throw new Error(`unknown resource ${indicator}`);
        return {
          scope: server.scope,
          audience: indicator,
          accessTokenTTL: server.ttl,
          accessTokenFormat: "jwt",
          jwt: { sign: { alg: "RS256" } },
        };
      },
    },
  },
  claims: { openid: ["sub"], profile: ["preferred_username", "groups"] },
  conformIdTokenClaims: false,
  findAccount: (ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: id, preferred_username: id, groups: (config.accounts || {})[id] || [] }),
  }),
  extraTokenClaims: (ctx, token) => ({ groups: groups[token.clientId] || [] }),
});
provider.proxy = false;
provider.listen(config.port, "127.0.0.1", () => console.log("ready"));
