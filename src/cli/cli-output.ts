/** Where the command writes: `out` for results, `err` for messages. Each call is one line or block. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}
