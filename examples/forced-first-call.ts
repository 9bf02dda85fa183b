// Forced first call: toolChoice { mode: 'required', requiredFunctionName } forces the first request
// only. After a batch runs, a required choice is unset (not 'auto'), so the model is free again and
// cannot be forced into the same call forever. strictToolChoice checks the name up front.
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { Agent, defineTool, ScriptedModel, ToolChoiceError, type ToolChoice } from '../src/runtime/index.js';

const getProfile = defineTool({
  name: 'getProfile',
  description: "Loads the user's profile.",
  parameters: z.object({ userId: z.string() }),
  execute: ({ userId }) => ({ userId, plan: 'pro' }),
});

export async function main() {
  const agent = new Agent({ name: 'Support', tools: [getProfile], strictToolChoice: true });
  const model = new ScriptedModel([
    { toolCalls: [{ call_id: 'call_profile', name: 'getProfile', arguments: '{"userId":"u1"}' }] },
    { text: 'You are on the pro plan.' },
  ]);
  const forced: ToolChoice = { mode: 'required', requiredFunctionName: 'getProfile' };
  const result = await agent.run('Which plan am I on?', { model, toolChoice: forced });

  // With strictToolChoice, a name that is not on the first request's list fails before any request.
  let strictError: string | undefined;
  try {
    await agent.run('Hi', { model, toolChoice: { mode: 'required', requiredFunctionName: 'getInvoices' } });
  } catch (error) {
    if (error instanceof ToolChoiceError) strictError = error.message;
  }
  return {
    example: 'forced-first-call',
    toolChoicePerRequest: model.requests.map((request) => request.toolChoice ?? null),
    finalOutput: result.finalOutput,
    strictError,
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await main(), null, 2));
}
