// The globs used where no tsconfig lists the files (and to narrow one that does).
export const DEFAULT_INCLUDE: readonly string[] = ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'];
export const DEFAULT_EXCLUDE: readonly string[] = ['**/node_modules/**', '**/dist/**', '**/*.d.ts'];
