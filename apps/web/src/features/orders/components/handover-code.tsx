/** "123456" as people read it out: "123 456". */
const grouped = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/**
 * The code the buyer shows at the meetup: the seller typing it confirms the handover. Large and
 * in two groups of three, to be read off a phone held out to the seller.
 */
export function HandoverCode({ code }: { code: string }) {
  return (
    <p className="basis-full">
      Show this code to the seller at the meetup:{' '}
      <strong className="block font-mono text-3xl tracking-widest">{grouped(code)}</strong>
    </p>
  );
}
