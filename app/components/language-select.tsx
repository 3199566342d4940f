// The language dropdown: English, 日本語, 中文 with flags; it closes 200 ms after a choice.
import { useEffect, useId, useRef, useState } from "react";
import { LANGUAGES } from "../../lib/i18n/languages";
import { ChevronDownIcon } from "./icons";
import { useLanguage } from "./language-provider";
import { useCommonMessages } from "./root-messages";

export const LANGUAGE_MENU_CLOSE_DELAY_MS = 200;

export function LanguageSelect({ className = "" }: { className?: string }) {
  const { lang, setLanguage } = useLanguage();
  const t = useCommonMessages();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const current = LANGUAGES.find((l) => l.code === lang) ?? LANGUAGES[0]!;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={`relative ${className}`}>
      <button
        type="button"
        className="flex items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t.chooseLanguage}: ${current.name}`}
        onClick={() => setOpen((o) => !o)}
        data-testid="language-button"
      >
        <span aria-hidden>{current.flag}</span>
        <span>{current.name}</span>
        <ChevronDownIcon width={16} height={16} />
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 z-50 mt-1 w-40 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          data-testid="language-menu"
        >
          {LANGUAGES.map((language) => (
            <li key={language.code}>
              <button
                type="button"
                lang={language.tag}
                aria-current={language.code === lang ? "true" : undefined}
                className={`flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-100 ${
                  language.code === lang ? "font-semibold text-brand-700" : "text-slate-700"
                }`}
                onClick={() => {
                  setLanguage(language.code);
                  window.setTimeout(() => setOpen(false), LANGUAGE_MENU_CLOSE_DELAY_MS);
                }}
              >
                <span aria-hidden>{language.flag}</span>
                {language.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
