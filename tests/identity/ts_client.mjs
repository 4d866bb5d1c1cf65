// The TypeScript SDK's own client, through the gateway's OAuth flow: argv = URL CLIENT_ID SECRET
// SCOPE; env WEIR_TS_SDK = the SDK's directory (tests/conformance/node_modules/@modelcontextprotocol/sdk).
// On the gateway's 401 the SDK reads its Protected Resource Metadata, the authorization server's
// metadata, gets a token (client credentials, with the RFC 8707 resource) and retries. Prints one
// JSON line: the tool names listed and the text of one call's result.
import { pathToFileURL } from "node:url";

const [url, clientId, clientSecret, scope] = process.argv.slice(2);
const sdk = (path) => import(pathToFileURL(`${process.env.WEIR_TS_SDK}/dist/esm/${path}`).href);
const { Client } = await sdk("client/index.js");
const { StreamableHTTPClientTransport } = await sdk("client/streamableHttp.js");
const { ClientCredentialsProvider } = await sdk("client/auth-extensions.js");

const authProvider = new ClientCredentialsProvider({ clientId, clientSecret, scope });
const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider });
const client = new Client({ name: "weir-identity-ts", version: "1.0.0" });
await client.connect(transport);
const tools = (await client.listTools()).tools.map((t) => t.name);
const result = await client.callTool({ name: "files__read_file", arguments: { path: "notes/todo.txt" } });
console.log(JSON.stringify({ tools, text: result.content[0].text, isError: Boolean(result.isError) }));
await client.close();
