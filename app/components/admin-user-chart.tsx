// The dashboard's User Statistics line chart. Loaded with React.lazy from the dashboard only, so
// recharts stays out of every public page's JavaScript.
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

export interface ChartPoint {
  month: string;
  count: number;
}

export default function AdminUserChart({ points, series, label }: { points: ChartPoint[]; series: string; label: string }) {
  return (
    // The chart is a picture of the table shown beside it; assistive technology reads the table.
    <div role="img" aria-label={label} className="h-72 w-full" data-testid="user-chart">
      <LineChart
        responsive
        accessibilityLayer={false}
        data={points}
        style={{ width: "100%", height: "100%" }}
        margin={{ top: 10, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="month" tick={{ fill: "#475569", fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fill: "#475569", fontSize: 12 }} width={48} />
        <Tooltip />
        <Line type="monotone" dataKey="count" name={series} stroke="#1d4ed8" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
      </LineChart>
    </div>
  );
}
