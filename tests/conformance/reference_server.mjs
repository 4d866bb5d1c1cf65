// The "everything" server the conformance suite's server scenarios are run against.
//
// The suite (@modelcontextprotocol/conformance 0.1.16) names the tools, resources and prompts a
// server must have in each scenario's description; its own example server is not published on
// any registry, so this is an independent implementation of those descriptions, written for
// Weir's harness on the official TypeScript SDK (@modelcontextprotocol/sdk, low-level `Server`).
// It is the baseline: every scenario must pass against it directly before a run through Weir
// means anything.
//
// Behaviour that matters for a gateway, kept as the suite's scenarios expect it:
// - sampling and elicitation requests are sent on the standalone GET stream (not tied to the
//   POST that called the tool), as the suite's own example server does;
// - the log line after `logging/setLevel` and `resources/subscribe` is likewise unrelated to a
//   request; the logs and progress of `test_tool_with_logging` / `_with_progress` are related;
// - `test_reconnection` closes its POST stream mid-call (SEP-1699): the result arrives after the
//   client resumes with `Last-Event-ID`; priming events carry `retry`.
// - Host/Origin are checked against localhost (the SDK's `createMcpExpressApp`).
//
// Usage: node reference_server.mjs PORT   (listens on 127.0.0.1:PORT/mcp, prints "ready" line)

import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

// A 1x1 RGB PNG and a header-only 8 kHz mono WAV: the smallest valid payloads of their types.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOQz98CAAHzAUMBh4NgAAAAAElFTkSuQmCC';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';
const RETRY_MS = 500;
// SDK 1.27 stores a response for replay only while its stream is connected: the tool that closes
// its stream waits until a client that honours `retry` has resumed, then answers.
const RESUME_WAIT_MS = 3 * RETRY_MS;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const text = (value) => ({ type: 'text', text: value });
const noArgs = { type: 'object', properties: {} };

// ---- tools ------------------------------------------------------------------------------------

/** Each tool: its listing, and `run(args, ctx)` returning a CallToolResult (throwing = isError). */
const TOOLS = [
  tool('test_simple_text', 'Returns one text block', noArgs, async () => ({
    content: [text('This is a simple text response for testing.')],
  })),
  tool('test_image_content', 'Returns one image block', noArgs, async () => ({
    content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
  })),
  tool('test_audio_content', 'Returns one audio block', noArgs, async () => ({
    content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }],
  })),
  tool('test_embedded_resource', 'Returns an embedded text resource', noArgs, async () => ({
    content: [embedded('test://embedded-resource', 'text/plain', 'This is an embedded resource content.')],
  })),
  tool('test_multiple_content_types', 'Returns text, image and resource blocks', noArgs, async () => ({
    content: [
      text('Multiple content types test:'),
      { type: 'image', data: PNG, mimeType: 'image/png' },
      embedded('test://mixed-content-resource', 'application/json', JSON.stringify({ test: 'data', value: 123 })),
    ],
  })),
  tool('test_tool_with_logging', 'Logs three info messages while it runs', noArgs, async (_args, ctx) => {
    for (const [i, line] of ['Tool execution started', 'Tool processing data', 'Tool execution completed'].entries()) {
      if (i > 0) await sleep(50);
      await ctx.extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: line } });
    }
    return { content: [text('Tool with logging executed successfully')] };
  }),
  tool('test_tool_with_progress', 'Reports progress 0, 50, 100 of 100', noArgs, async (_args, ctx) => {
    const token = ctx.extra._meta?.progressToken;
    for (const step of [0, 50, 100]) {
      if (step > 0) await sleep(50);
      if (token === undefined) continue;
      await ctx.extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: step, total: 100, message: `step ${step} of 100` },
      });
    }
    return { content: [text(`progress reported under token ${JSON.stringify(token ?? null)}`)] };
  }),
  tool('test_error_handling', 'Always fails', noArgs, async () => {
    throw new Error('This tool intentionally returns an error for testing');
  }),
  tool('test_reconnection', 'Closes its SSE stream mid-call; the result follows a resumption (SEP-1699)', noArgs,
    async (_args, ctx) => {
      ctx.transport.closeSSEStream(ctx.extra.requestId);
      await sleep(RESUME_WAIT_MS);
      return { content: [text('Reconnection test completed: the result arrived after the stream was closed.')] };
    }),
  tool('test_sampling', 'Asks the client for an LLM completion', stringArgs(['prompt']), async (args, ctx) => {
    requireCapability(ctx, 'sampling');
    const reply = await ctx.server.createMessage({
      messages: [{ role: 'user', content: text(args.prompt) }],
      maxTokens: 100,
    });
    return { content: [text(`LLM response: ${reply.content?.text ?? JSON.stringify(reply.content)}`)] };
  }),
  tool('test_elicitation', 'Asks the user for a username and an email', stringArgs(['message']), async (args, ctx) =>
    elicit(ctx, 'User response', {
      message: args.message,
      requestedSchema: {
        type: 'object',
        properties: {
          username: { type: 'string', description: "User's response" },
          email: { type: 'string', description: "User's email address" },
        },
        required: ['username', 'email'],
      },
    })),
  tool('test_elicitation_sep1034_defaults', 'Elicits a form whose fields all have defaults (SEP-1034)', noArgs,
    async (_args, ctx) => elicit(ctx, 'Elicitation completed', {
      message: 'Review the form; every field has a default',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
    })),
  tool('test_elicitation_sep1330_enums', 'Elicits the five enum forms of SEP-1330', noArgs,
    async (_args, ctx) => elicit(ctx, 'Elicitation completed', { message: 'Pick options', requestedSchema: ENUM_FORM })),
  tool('json_schema_2020_12_tool', 'Takes a JSON Schema 2020-12 input schema (SEP-1613)', {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
    properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
    additionalProperties: false,
  }, async (args) => ({ content: [text(`called with ${JSON.stringify(args)}`)] })),
];

const ENUM_FORM = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', description: 'One option', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      description: 'One option, titled',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
        { const: 'value3', title: 'Third Option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      description: 'One option, legacy titles',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: {
      type: 'array',
      description: 'Several options',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    },
    titledMulti: {
      type: 'array',
      description: 'Several options, titled',
      minItems: 1,
      maxItems: 3,
      items: {
        anyOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
          { const: 'value3', title: 'Third Choice' },
        ],
      },
    },
  },
  required: [],
};

function tool(name, description, inputSchema, run) {
  return { listing: { name, description, inputSchema }, run };
}

function stringArgs(names) {
  const properties = Object.fromEntries(names.map((n) => [n, { type: 'string' }]));
  return { type: 'object', properties, required: names };
}

function embedded(uri, mimeType, body) {
  return { type: 'resource', resource: { uri, mimeType, text: body } };
}

function requireCapability(ctx, name) {
  if (!ctx.server.getClientCapabilities()?.[name]) {
    throw new Error(`the client did not declare the ${name} capability`);
  }
}

async function elicit(ctx, label, params) {
  requireCapability(ctx, 'elicitation');
  const answer = await ctx.server.elicitInput(params);
  return { content: [text(`${label}: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`)] };
}

function checkArguments(listing, args) {
  for (const name of listing.inputSchema.required ?? []) {
    if (typeof args[name] !== 'string') {
      throw new McpError(ErrorCode.InvalidParams, `${listing.name}: argument '${name}' (string) is required`);
    }
  }
}

// ---- resources, prompts, completion ---------------------------------------------------------

const RESOURCES = [
  { uri: 'test://static-text', name: 'static-text', description: 'A static text resource', mimeType: 'text/plain',
    read: (uri) => ({ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }) },
  { uri: 'test://static-binary', name: 'static-binary', description: 'A static PNG', mimeType: 'image/png',
    read: (uri) => ({ uri, mimeType: 'image/png', blob: PNG }) },
  { uri: 'test://watched-resource', name: 'watched-resource', description: 'A resource one can subscribe to',
    mimeType: 'text/plain', read: (uri) => ({ uri, mimeType: 'text/plain', text: 'Watched resource content' }) },
];
const TEMPLATE = {
  uriTemplate: 'test://template/{id}/data',
  name: 'template',
  description: 'JSON data for any id',
  mimeType: 'application/json',
};
const TEMPLATE_URI = /^test:\/\/template\/([^/]+)\/data$/;

const PROMPTS = {
  test_simple_prompt: {
    description: 'A prompt without arguments',
    arguments: [],
    messages: () => [{ role: 'user', content: text('This is a simple prompt for testing.') }],
  },
  test_prompt_with_arguments: {
    description: 'A prompt with two required arguments',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
    messages: (a) => [{ role: 'user', content: text(`Prompt with arguments: arg1='${a.arg1}', arg2='${a.arg2}'`) }],
  },
  test_prompt_with_embedded_resource: {
    description: 'A prompt that embeds the resource it is given',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
    messages: (a) => [
      { role: 'user', content: embedded(a.resourceUri, 'text/plain', 'Embedded resource content for testing.') },
      { role: 'user', content: text('Please process the embedded resource above.') },
    ],
  },
  test_prompt_with_image: {
    description: 'A prompt with an image',
    arguments: [],
    messages: () => [
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
      { role: 'user', content: text('Please analyze the image above.') },
    ],
  },
};

// Candidates per completable argument: prompt arguments by name, the template's `id`.
const COMPLETIONS = { arg1: ['paris', 'park', 'party', 'test'], arg2: ['world', 'word'], id: ['1', '2', '123'] };

function complete(params) {
  const candidates = COMPLETIONS[params.argument.name] ?? [];
  const values = candidates.filter((value) => value.startsWith(params.argument.value ?? ''));
  return { completion: { values, total: values.length, hasMore: false } };
}

function readResource(uri) {
  const fixed = RESOURCES.find((r) => r.uri === uri);
  if (fixed) return { contents: [fixed.read(uri)] };
  const match = TEMPLATE_URI.exec(uri);
  if (match) {
    const id = decodeURIComponent(match[1]);
    const body = JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
    return { contents: [{ uri, mimeType: 'application/json', text: body }] };
  }
  throw new McpError(-32002, `Resource not found: ${uri}`);
}

// ---- one MCP server per HTTP session ----------------------------------------------------------

function buildServer(getTransport) {
  const server = new Server(
    { name: 'weir-conformance-reference', version: '1.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
      instructions: 'The conformance suite\'s reference tools, resources and prompts (test_*, test://).',
    },
  );
  const subscriptions = new Set();
  // Not tied to any request: goes out on the session's standalone GET stream.
  const logUnrelated = (data) =>
    server.sendLoggingMessage({ level: 'info', logger: 'reference', data }).catch(() => {});

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS.map((t) => t.listing) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const found = TOOLS.find((t) => t.listing.name === request.params.name);
    if (!found) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = request.params.arguments ?? {};
    checkArguments(found.listing, args);
    try {
      return await found.run(args, { server, extra, transport: getTransport() });
    } catch (error) {
      return { isError: true, content: [text(error instanceof Error ? error.message : String(error))] };
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: RESOURCES.map(({ read: _read, ...listing }) => listing),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [TEMPLATE] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => readResource(request.params.uri));
  server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    subscriptions.add(request.params.uri);
    logUnrelated(`Subscribed to resource: ${request.params.uri}`);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscriptions.delete(request.params.uri);
    logUnrelated(`Unsubscribed from resource: ${request.params.uri}`);
    return {};
  });
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: Object.entries(PROMPTS).map(([name, p]) => ({ name, description: p.description, arguments: p.arguments })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const prompt = PROMPTS[request.params.name];
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    const args = request.params.arguments ?? {};
    const missing = prompt.arguments.filter((a) => a.required && typeof args[a.name] !== 'string');
    if (missing.length) {
      throw new McpError(ErrorCode.InvalidParams, `Missing arguments: ${missing.map((a) => a.name).join(', ')}`);
    }
    return { description: prompt.description, messages: prompt.messages(args) };
  });
  server.setRequestHandler(CompleteRequestSchema, async (request) => complete(request.params));
  // Replaces the SDK's own handler, so the SDK no longer filters logs by level: the client does.
  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    logUnrelated(`Log level set to: ${request.params.level}`);
    return {};
  });
  return server;
}

// ---- resumability (SEP-1699) -------------------------------------------------------------------

/** Keeps every event of every stream in memory; ids are `<stream>/<sequence>`. */
class MemoryEventStore {
  #streams = new Map();

  async storeEvent(streamId, message) {
    const events = this.#streams.get(streamId) ?? [];
    this.#streams.set(streamId, events);
    const eventId = `${streamId}/${events.length}`;
    events.push({ eventId, message });
    return eventId;
  }

  async replayEventsAfter(lastEventId, { send }) {
    const cut = lastEventId.lastIndexOf('/');
    const streamId = lastEventId.slice(0, cut);
    const after = Number(lastEventId.slice(cut + 1));
    for (const { eventId, message } of (this.#streams.get(streamId) ?? []).slice(after + 1)) {
      // Priming events are stored with no message: nothing to replay.
      if (message && Object.keys(message).length > 0) await send(eventId, message);
    }
    return streamId;
  }
}

// ---- HTTP -------------------------------------------------------------------------------------

const transports = new Map();

async function openSession(req, res) {
  let transport;
  const server = buildServer(() => transport);
  transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: new MemoryEventStore(),
    retryInterval: RETRY_MS,
    onsessioninitialized: (id) => transports.set(id, transport),
  });
  transport.onclose = () => {
    if (transport.sessionId) transports.delete(transport.sessionId);
  };
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
}

function sessionOf(req, res) {
  const transport = transports.get(req.headers['mcp-session-id']);
  if (!transport) {
    res.status(404).json({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } });
  }
  return transport;
}

function main() {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
  const app = createMcpExpressApp({ host: '127.0.0.1' });
  app.post('/mcp', async (req, res) => {
    if (!req.headers['mcp-session-id'] && req.body?.method === 'initialize') return openSession(req, res);
    if (!req.headers['mcp-session-id']) {
      return res.status(400).json({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Missing session ID' } });
    }
    const transport = sessionOf(req, res);
    if (transport) await transport.handleRequest(req, res, req.body);
  });
  for (const method of ['get', 'delete']) {
    app[method]('/mcp', async (req, res) => {
      const transport = sessionOf(req, res);
      if (transport) await transport.handleRequest(req, res);
    });
  }
  const listener = app.listen(port, '127.0.0.1', () => {
    console.log(`ready http://127.0.0.1:${listener.address().port}/mcp`);
  });
  const stop = () => listener.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
