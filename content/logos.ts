// Customer logo strip on the home page. The companies are fictional; `name` is used as alt text.
export const customerLogos: { src: string; name: string; width: number; height: number }[] = [
  { src: "/images/logos/logo-1.svg", name: "Kestrelway Logistics", width: 240, height: 80 },
  { src: "/images/logos/logo-2.svg", name: "Lumora Retail", width: 240, height: 80 },
  { src: "/images/logos/logo-3.svg", name: "Orbitra Manufacturing", width: 240, height: 80 },
  { src: "/images/logos/logo-4.svg", name: "Sablecrest Insurance", width: 240, height: 80 },
  { src: "/images/logos/logo-5.svg", name: "Tidewell Energy", width: 240, height: 80 },
  { src: "/images/logos/logo-6.svg", name: "Corvenna Health", width: 240, height: 80 },
];
