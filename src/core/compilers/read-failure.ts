// A program that reads standard input, run with none, stops at its first read: Python's
// `input()` raises EOFError, Java's Scanner throws NoSuchElementException, Haskell's getLine
// "end of file". Recognised in its standard error, so a run without input can say so and offer
// to run it again with input (issue 40 item 7) instead of leaving a bare traceback.

/** Standard-error lines that mean "reading standard input found nothing". */
const EMPTY_INPUT_READS: readonly RegExp[] = [
  /^EOFError\b/m, // Python: input(), raw_input()
  /java\.util\.NoSuchElementException/, // Java: Scanner.next…() on an empty stream
  /<stdin>: hGetLine: end of file|Prelude\.getLine: end of file/, // Haskell
  /EOFException/, // Java DataInputStream, Kotlin readln()
];

/** True when `stderr` shows the program failed reading input that was not there. */
export function failedReadingInput(stderr: string | undefined): boolean {
  return !!stderr && EMPTY_INPUT_READS.some((pattern) => pattern.test(stderr));
}
