// Logo strip on the home page (the spec's customer logo gallery). The companies are fictional and the
// section says so (content/home.ts, logos): clients' names are confidential. `name` is the logo's accessible
// name. The drawings are written into the page (not <img>): each SVG image is a document of its own
// for the browser to create, lay out and paint on the main thread while the page hydrates, about
// 3 ms each on a desktop CPU (docs/performance.md, "Lighthouse, mobile").
import kestrelway from "~/public/images/logos/logo-1.svg?raw";
import lumora from "~/public/images/logos/logo-2.svg?raw";
import orbitra from "~/public/images/logos/logo-3.svg?raw";
import sablecrest from "~/public/images/logos/logo-4.svg?raw";
import tidewell from "~/public/images/logos/logo-5.svg?raw";
import corvenna from "~/public/images/logos/logo-6.svg?raw";

export const customerLogos: { name: string; svg: string }[] = [
  { name: "Kestrelway Logistics", svg: kestrelway },
  { name: "Lumora Retail", svg: lumora },
  { name: "Orbitra Manufacturing", svg: orbitra },
  { name: "Sablecrest Insurance", svg: sablecrest },
  { name: "Tidewell Energy", svg: tidewell },
  { name: "Corvenna Health", svg: corvenna },
];
