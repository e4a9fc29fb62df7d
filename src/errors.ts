/** Input the product cannot read: the CLI prints its message on one line and exits 2. */
export class InputError extends Error {
  override readonly name = 'InputError';
}
