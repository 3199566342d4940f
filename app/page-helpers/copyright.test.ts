// Found by a stranger: "© 2026 TaxAtlas Advisory Ltd.。保留所有权利。" on every Chinese page.
import { describe, expect, it } from "vitest";
import { common } from "~/content/messages/common";
import { copyrightLine } from "./copyright";

describe("copyrightLine", () => {
  it("never doubles the full stop after a legal name that ends in one, in any language", () => {
    expect(copyrightLine(common.en.footer.copyright, 2026, "TaxAtlas Advisory Ltd.")).toBe("© 2026 TaxAtlas Advisory Ltd. All rights reserved.");
    expect(copyrightLine(common.zh.footer.copyright, 2026, "TaxAtlas Advisory Ltd.")).toBe("© 2026 TaxAtlas Advisory Ltd。保留所有权利。");
    expect(copyrightLine(common.ja.footer.copyright, 2026, "TaxAtlas Advisory Ltd.")).toBe("© 2026 TaxAtlas Advisory Ltd. 無断転載を禁じます。");
    expect(copyrightLine(common.en.footer.copyright, 2026, "TaxAtlas")).toBe("© 2026 TaxAtlas. All rights reserved.");
    expect(copyrightLine(common.zh.footer.copyright, 2026, "TaxAtlas")).toBe("© 2026 TaxAtlas。保留所有权利。");
  });
});
