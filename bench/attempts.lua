-- wrk script: POST a graded attempt as JSON, as the browser's checkpoint form does.
--   wrk -s bench/attempts.lua URL/api/v1/it/checkpoints/ID/attempts
-- Every 200 means the attempt was stored durably; anything else is counted in done().
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"answer":"' .. (os.getenv("FOLIO_BENCH_ANSWER") or "La larghezza del contenitore decide") .. '"}'

function done(summary, latency, requests)
    io.write(string.format("attempts: %d responses, %d with status >= 400, socket errors: %d connect %d read %d write %d timeout\n",
        summary.requests, summary.errors.status, summary.errors.connect, summary.errors.read,
        summary.errors.write, summary.errors.timeout))
end
