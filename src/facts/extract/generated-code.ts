// Template literals that generate source code (code generators, scaffolding, multi-line code or
// markdown templates). A `${ns}.${name}` or `${callId}` inside one is text of the program being
// written, not a value this program routes by. Shared by both identity rules: the identity-string
// extractor asks `inGeneratedCode` about its node, and the call-ID check skips coercions inside the
// spans recorded here (`FileFacts.generatedCode`).
import type * as TS from 'typescript';
import { type Ctx, isStringLike, parentOf, spanOf, terminalName, textOf, unwrap } from './context.js';

/** Code in the literal text: a declaration keyword, an arrow, a module statement. */
const CODE_TOKENS = /\bfunction[\s(*]|=>|\bimport\s|\bexport\s|\bconst\s|\brequire\(/;
/** A file the program writes that is source code: `.ts`, `.tsx`, `.js`, `.mjs`, `.d.ts`… */
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)['"`)]/;
/** Functions that write a file: `fs.writeFile`, `writeFileSync`, fs-extra's `outputFile`. */
const FILE_WRITERS: ReadonlySet<string> = new Set(['writeFile', 'writeFileSync', 'appendFile', 'appendFileSync', 'outputFile', 'outputFileSync']);
/** Methods that only ever take source text: ts-morph, code block writers, source builders. */
const CODE_METHODS: ReadonlySet<string> = new Set([
  'addStatements', 'insertStatements', 'setBodyText', 'replaceWithText', 'insertText', 'createSourceFile', 'writeLine', 'createFile',
]);
/** `writer.write(...)`: a `write` on something named as a code writer. */
const CODE_WRITER = /writer|printer|emitter|codegen|^code$|^w$/i;

/** The literal text of a template (head, middles and tail). */
function literalTexts(template: TS.TemplateExpression): string[] {
  return [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
}

/** True when the call writes its argument as source code. */
export function isCodeSink(ctx: Ctx, call: TS.CallExpression): boolean {
  const { ts } = ctx;
  const callee = unwrap(ts, call.expression);
  const name = terminalName(ts, callee);
  if (name === undefined) return false;
  if (FILE_WRITERS.has(name)) {
    const target = call.arguments[0];
    return target !== undefined && SOURCE_FILE.test(`${textOf(ctx, target)})`);
  }
  if (CODE_METHODS.has(name)) return true;
  return name === 'write' && ts.isPropertyAccessExpression(callee) && CODE_WRITER.test(terminalName(ts, callee.expression) ?? '');
}

/**
 * The template goes to a code writer: directly, through `+`, other templates, an array joined into
 * one string, or a local it initialises.
 */
function writtenAsCode(ctx: Ctx, node: TS.Node, depth = 0): boolean {
  const { ts } = ctx;
  if (depth > 6) return false;
  const parent = parentOf(ctx, node);
  if (!parent) return false;
  if (
    ts.isParenthesizedExpression(parent) ||
    ts.isTemplateSpan(parent) ||
    ts.isTemplateExpression(parent) ||
    ts.isArrayLiteralExpression(parent) ||
    ts.isAsExpression(parent) ||
    (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.PlusToken)
  ) {
    return writtenAsCode(ctx, parent, depth + 1);
  }
  if (ts.isPropertyAccessExpression(parent) && parent.expression === node && parent.name.text === 'join') {
    const call = parentOf(ctx, parent);
    return call !== undefined && ts.isCallExpression(call) && writtenAsCode(ctx, call, depth + 1);
  }
  if (ts.isCallExpression(parent) && parent.expression !== node) return isCodeSink(ctx, parent);
  if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isIdentifier(parent.name)) {
    const name = parent.name.text;
    let scope: TS.Node | undefined = parent;
    while (scope && !ts.isBlock(scope) && !ts.isSourceFile(scope)) scope = parentOf(ctx, scope);
    let written = false;
    const visit = (n: TS.Node): void => {
      if (written) return;
      if (ts.isIdentifier(n) && n.text === name && n !== parent.name) {
        const p = parentOf(ctx, n);
        if (p && ts.isCallExpression(p) && p.expression !== n && isCodeSink(ctx, p)) written = true;
      }
      ts.forEachChild(n, visit);
    };
    if (scope) visit(scope);
    return written;
  }
  return false;
}

/** A template literal that generates source code: a newline in its text, code tokens, or written to a source file. */
export function isCodeTemplate(ctx: Ctx, template: TS.TemplateExpression): boolean {
  const texts = literalTexts(template);
  if (texts.some((text) => text.includes('\n') || CODE_TOKENS.test(text))) return true;
  return writtenAsCode(ctx, template);
}

/** A string literal operand of a `+` chain with the same signs of code. */
function isCodeLiteral(ctx: Ctx, node: TS.Node): boolean {
  return isStringLike(ctx.ts, node) && (node.text.includes('\n') || CODE_TOKENS.test(node.text));
}

/**
 * `node` is, or sits in, a template that generates code: climbing through template spans, `+`
 * chains (whose literal operands count as the template's text) and parentheses.
 */
export function inGeneratedCode(ctx: Ctx, node: TS.Node): boolean {
  const { ts } = ctx;
  let current: TS.Node | undefined = node;
  for (let depth = 0; current && depth < 12; depth++) {
    if (ts.isTemplateExpression(current) && isCodeTemplate(ctx, current)) return true;
    if (ts.isBinaryExpression(current) && current.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      if (isCodeLiteral(ctx, unwrap(ts, current.left)) || isCodeLiteral(ctx, unwrap(ts, current.right))) return true;
    }
    const parent: TS.Node | undefined = parentOf(ctx, current);
    if (
      !parent ||
      !(
        ts.isTemplateSpan(parent) ||
        ts.isTemplateExpression(parent) ||
        ts.isParenthesizedExpression(parent) ||
        (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.PlusToken)
      )
    ) {
      return false;
    }
    current = parent;
  }
  return false;
}

/**
 * Records an outermost code template's span (`FileFacts.generatedCode`), for checks that only have
 * facts: a template inside a recorded one is already covered.
 */
export function collectGeneratedCode(ctx: Ctx, template: TS.TemplateExpression): void {
  const { ts } = ctx;
  if (!isCodeTemplate(ctx, template)) return;
  for (let p = parentOf(ctx, template); p && (ts.isTemplateSpan(p) || ts.isTemplateExpression(p) || ts.isParenthesizedExpression(p)); p = parentOf(ctx, p)) {
    if (ts.isTemplateExpression(p) && isCodeTemplate(ctx, p)) return;
  }
  ctx.facts.generatedCode.push(spanOf(ctx, template));
}
