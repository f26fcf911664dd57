import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ClientError } from '../../client/errors.js';
import type { CliContext } from '../context.js';
import { VERSION } from '../version.js';
import { MCP_TOOLS } from './tools.js';

/**
 * Issue 18, item 3: the tools of MCP_TOOLS over stdio with the official TypeScript SDK. Each call
 * goes to /v1 with the client every command builds (flags, CLIPPER_* environment, then the saved
 * profile; the local daemon's owner token when nothing else is set). Stdout carries only the
 * protocol; an API error comes back as the tool's error result, in the envelope's words.
 */
export async function run(ctx: CliContext): Promise<void> {
  const server = new McpServer({ name: 'clipper', version: VERSION }, { instructions: INSTRUCTIONS });
  for (const tool of MCP_TOOLS) {
    server.registerTool(tool.name, { title: tool.title, description: tool.description, inputSchema: tool.input }, async (args: Record<string, unknown>) => {
      try {
        const result = await tool.run(await ctx.client(), args as never);
        return { content: [{ type: 'text' as const, text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> };
      } catch (e) {
        return { isError: true, content: [{ type: 'text' as const, text: describe(e) }] };
      }
    });
  }
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  await closed;
}

function describe(e: unknown): string {
  if (e instanceof ClientError) return `${e.code}: ${e.message}${e.retryAfterSeconds ? ` (retry after ${e.retryAfterSeconds}s)` : ''}`;
  return e instanceof Error ? e.message : String(e);
}

const INSTRUCTIONS =
  'clipper turns a long video into short scored clips with previews, renders them, and publishes drafts per social platform. ' +
  'Start with create_clips (a local file path or an https URL), then get_job until status is done (check at most every 10 s; ' +
  'a job of a 10-minute video takes a few minutes), list_clips for its clips, list_drafts for a clip\'s drafts, edit_draft, ' +
  'then publish_post (now, or scheduled_at as Unix milliseconds at least 5 minutes ahead). render_clip makes a full-quality MP4.';
