/** Plain text as paragraphs: blank lines separate them; never parsed as HTML. */
export function PolicyText({ body }: { body: string }) {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className="space-y-2 whitespace-pre-line text-slate-700">
      {paragraphs.map((paragraph, index) => (
        // Paragraphs have no identity of their own but their place in the text.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is derived from one string and never reordered.
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
