// A provider SDK's request methods on receivers that only look like its client: every Messages,
// Chat Completions and Gemini request names its model, so an ORM's `db.messages.create({ data })`
// in a module that also imports the SDK is no set (`ExposureSpec.requiredOptions`).
import { describe, expect, it } from 'vitest';
import { extract } from './helpers.js';

describe('provider request calls', () => {
  it('are sets when the options name a model, or cannot be read', () => {
    const facts = extract(`import Anthropic from '@anthropic-ai/sdk';
import { db } from './db.js';

const anthropic = new Anthropic();
export async function reply(params: Anthropic.MessageCreateParams, text: string) {
  await db.messages.create({ data: { role: 'user', text } });
  await db.messages.create({ data: { role: 'assistant', text }, select: { id: true } });
  const a = await anthropic.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 512, messages: [{ role: 'user', content: text }], tools: [{ name: 'search', input_schema: { type: 'object' } }] });
  const b = await anthropic.messages.create(params);
  const c = await anthropic.messages.create({ ...params, max_tokens: 1024 });
  return [a, b, c];
}
`);
    expect(facts.exposures.map((e) => e.adapter)).toEqual(['anthropic', 'anthropic', 'anthropic']);
  });

  it('leave Chat Completions and Gemini look-alikes out too', () => {
    const facts = extract(`import OpenAI from 'openai';
import { GoogleGenAI } from '@google/genai';
import { prisma } from './prisma.js';

const openai = new OpenAI();
const ai = new GoogleGenAI({});
export async function save(chatId: string) {
  await prisma.chat.completions.create({ data: { chatId } });
  await prisma.chats.create({ data: { id: chatId } });
  await openai.chat.completions.create({ model: 'gpt-4.1', messages: [] });
  await ai.chats.create({ model: 'gemini-2.5-flash' });
}
`);
    expect(facts.exposures.map((e) => e.adapter)).toEqual(['openai', 'google-genai']);
  });
});
