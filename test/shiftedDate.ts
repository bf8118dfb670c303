/**
 * A `Date` whose clock reads `at` (epoch ms) now and runs on from it at the real pace: `new
 * Date()` and `Date.now()` read the shifted clock; given a time, it is `RealDate` as it is.
 * Its prototype is `RealDate`'s, so dates made before the shift, or by a library holding the real
 * class, are dates too (`instanceof`). Used by test/instant.ts and the API tests' `runClockFrom`.
 */
export function shiftedDate(RealDate: DateConstructor, at: number): DateConstructor {
  const offset = at - RealDate.now();
  const now = () => RealDate.now() + offset;
  const ShiftedDate = function (this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(now()).toString();
    // Built for `new.target`, so a subclass of Date (a library's TZDate) keeps its own prototype.
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target) as Date;
  } as unknown as DateConstructor;
  Object.setPrototypeOf(ShiftedDate, RealDate);
  Object.defineProperty(ShiftedDate, "prototype", { value: RealDate.prototype });
  ShiftedDate.now = now;
  return ShiftedDate;
}
