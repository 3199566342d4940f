import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every page exists at its English path ("/about") and under a language prefix ("/ja/about").
export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route(":lang?", "routes/locale-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("services", "routes/services.tsx"),
    route("services/:slug", "routes/service.tsx"),
    route("portfolio", "routes/portfolio.tsx"),
    route("portfolio/:project", "routes/case-study.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:id", "routes/blog-article.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/legal-page.tsx", { id: "privacy" }),
    route("terms", "routes/legal-page.tsx", { id: "terms" }),
    route("cookies", "routes/legal-page.tsx", { id: "cookies" }),
    route("pricing", "routes/pricing.tsx"),
    route("pricing/:package", "routes/checkout.tsx"),
    route("login", "routes/login.tsx"),
    route("signup", "routes/signup.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("explore", "routes/explore.tsx"),
    route("account", "routes/account.tsx"),
    route("account/receipts/:id", "routes/account-receipt.tsx"),
    route("account/confirm-email", "routes/account-confirm-email.tsx"),
    route("admin", "routes/admin-layout.tsx", [
      index("routes/admin-dashboard.tsx"),
      route("users", "routes/admin-users.tsx"),
      route("users/:id", "routes/admin-user.tsx"),
      route("pricing", "routes/admin-pricing.tsx"),
      route("messages", "routes/admin-messages.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
