// Share: the Web Share API where the browser has it, otherwise the link is copied to the clipboard
// with a visible confirmation; if even that is refused, the link is shown ready to copy.
import { useEffect, useRef, useState } from "react";
import { publicPages } from "~/content/messages/public";
import { CheckIcon, ShareIcon } from "./icons";
import { useMessages } from "./language-provider";

type ShareState = "idle" | "shared" | "copied" | "manual";

export function ShareButton({ url, title, text }: { url: string; title: string; text?: string }) {
  const t = useMessages(publicPages).share;
  const [state, setState] = useState<ShareState>("idle");
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (state === "manual") inputRef.current?.select();
  }, [state]);

  const show = (next: ShareState) => {
    setState(next);
    clearTimeout(timer.current);
    if (next === "copied" || next === "shared") timer.current = setTimeout(() => setState("idle"), 8000);
  };

  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        show("shared");
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do. Any other failure: copy instead.
        if ((error as Error)?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      show("copied");
    } catch {
      show("manual");
    }
  };

  return (
    <div className="flex flex-col items-start gap-2" data-testid="share">
      <button
        type="button"
        onClick={share}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        data-testid="share-button"
      >
        <ShareIcon width={16} height={16} />
        {t.button}
      </button>
      <p role="status" aria-live="polite" className="text-sm font-medium text-accent-600" data-testid="share-status">
        {(state === "copied" || state === "shared") && (
          <span className="inline-flex items-center gap-1">
            <CheckIcon width={16} height={16} />
            {state === "copied" ? t.copied : t.shared}
          </span>
        )}
      </p>
      {state === "manual" && (
        <div className="w-full max-w-md">
          <label htmlFor="share-link" className="block text-sm text-slate-700">
            {t.copyManually}
          </label>
          <input
            ref={inputRef}
            id="share-link"
            type="url"
            readOnly
            value={url}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-800"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
    </div>
  );
}
