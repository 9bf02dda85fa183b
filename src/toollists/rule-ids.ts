// The rules a dumped tool list is audited with: a list has names and namespaces, not code. Its own
// module, so that the CLI's help names them without loading the audit.
export const toolListRules = ['no-tool-name-collision', 'no-namespace-equals-name', 'valid-tool-name', 'no-confusable-tool-names'] as const;
