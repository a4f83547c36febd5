// This package is a shell that builds; its API arrives with its issue.
export {};
