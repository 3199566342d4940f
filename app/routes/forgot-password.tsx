// Being written in a parallel change; replaced before this lands.
export default function Pending() {
  return null;
}
