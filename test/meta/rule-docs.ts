// Reading docs/rules/<rule-id>.md: its sections and its fenced blocks, each marked ❌ (invalid) or ✅
// (valid) by the last such heading before it. Shared by docs.test.ts and rule-doc-examples.test.ts.
export type Expectation = 'invalid' | 'valid';

export interface CodeBlock {
  /** 1-based line of the opening fence in the doc. */
  line: number;
  lang: string;
  meta: string;
  code: string;
  expectation: Expectation | undefined;
  /** The `## ` section the block is in. */
  section: string | undefined;
  /** The `### ` heading the block is under, within its section. */
  subsection: string | undefined;
}

export interface ParsedDoc {
  text: string;
  lines: string[];
  /** `## ` headings in order. */
  sections: string[];
  /** `### ` headings per `## ` section. */
  subheadings: Map<string, string[]>;
  blocks: CodeBlock[];
}

export const TS_LANGS = new Set(['ts', 'typescript', 'tsx', 'mts', 'cts']);

export function parseDoc(text: string): ParsedDoc {
  const lines = text.split('\n');
  const sections: string[] = [];
  const subheadings = new Map<string, string[]>();
  const blocks: CodeBlock[] = [];
  let section: string | undefined;
  let subsection: string | undefined;
  let expectation: Expectation | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const fence = /^(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/.exec(line);
    if (fence) {
      const [, marker = '```', lang = '', meta = ''] = fence;
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !(lines[j] ?? '').startsWith(marker)) {
        body.push(lines[j] ?? '');
        j += 1;
      }
      if (j >= lines.length) throw new Error(`unclosed code fence at line ${i + 1}`);
      blocks.push({ line: i + 1, lang: lang.toLowerCase(), meta, code: `${body.join('\n')}\n`, expectation, section, subsection });
      i = j;
      continue;
    }
    const h2 = /^##\s+(.+?)\s*$/.exec(line);
    if (h2 && !line.startsWith('###')) {
      section = h2[1];
      sections.push(section ?? '');
      subheadings.set(section ?? '', []);
      subsection = undefined;
      expectation = undefined;
      continue;
    }
    const h3 = /^#{3,6}\s+(.+?)\s*$/.exec(line);
    if (h3) {
      const title = h3[1] ?? '';
      if (/^###\s/.test(line)) {
        subsection = title;
        if (section !== undefined) subheadings.get(section)?.push(title);
      }
      // A ❌/✅ heading marks the blocks after it; any other heading ends the marked run.
      if (title.startsWith('❌')) expectation = 'invalid';
      else if (title.startsWith('✅')) expectation = 'valid';
      else expectation = undefined;
    }
  }
  return { text, lines, sections, subheadings, blocks };
}

export function filenameOf(block: CodeBlock): string {
  const match = /\bfilename="([^"]+)"/.exec(block.meta);
  return match?.[1] ?? (block.lang === 'tsx' ? 'example.tsx' : 'example.ts');
}

