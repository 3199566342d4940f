// The language menu: English, 日本語, 中文 by name (a flag names a country, not a language). It
// follows the WAI-ARIA menu button pattern: Enter, Space or ArrowDown open it on the first item
// (ArrowUp on the last), arrows, Home and End move, Escape closes it and returns focus to the
// button, Tab closes it and moves on. After a choice it closes 200 ms later.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { languageOf, LANGUAGES } from "~/lib/i18n/languages";
import { ChevronDownIcon } from "./icons";
import { useLanguage } from "./language-provider";
import { useCommonMessages } from "./root-messages";

export const LANGUAGE_MENU_CLOSE_DELAY_MS = 200;

export function LanguageSelect({ className = "" }: { className?: string }) {
  const { lang, setLanguage } = useLanguage();
  const t = useCommonMessages();
  // The item to focus once the menu has opened: first, last, or none (opened by pointer).
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const current = languageOf(lang);

  useEffect(() => {
    if (!open) return;
    const items = itemsRef.current;
    (open === "last" ? items[items.length - 1] : items[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(event.key === "ArrowDown" ? "first" : "last");
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = itemsRef.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusAt(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusAt(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusAt(0);
        break;
      case "End":
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case "Escape":
        // Handled here so an open mobile menu behind it stays open.
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case "Tab":
        close(false);
        break;
    }
  };

  return (
    <div ref={rootRef} className={`relative ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        className="flex items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        aria-label={`${t.chooseLanguage}: ${current.name}`}
        onClick={() => (open ? close(false) : setOpen("first"))}
        onKeyDown={onButtonKey}
        data-testid="language-button"
      >
        <span lang={current.tag}>{current.name}</span>
        <ChevronDownIcon width={16} height={16} aria-hidden />
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={t.chooseLanguage}
          className="absolute right-0 z-50 mt-1 w-40 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          onKeyDown={onMenuKey}
          data-testid="language-menu"
        >
          {LANGUAGES.map((language, index) => (
            <li key={language.code} role="none">
              <button
                ref={(element) => {
                  itemsRef.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={language.code === lang}
                tabIndex={-1}
                lang={language.tag}
                className={`flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 ${
                  language.code === lang ? "font-semibold text-brand-700" : "text-slate-700"
                }`}
                onClick={() => {
                  setLanguage(language.code);
                  window.setTimeout(() => close(true), LANGUAGE_MENU_CLOSE_DELAY_MS);
                }}
                data-testid={`language-option-${language.code}`}
              >
                {language.name}
                {language.code === lang && (
                  <span aria-hidden className="text-brand-700">
                    ✓
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
