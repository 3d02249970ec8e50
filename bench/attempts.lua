-- wrk script: POST graded attempts as JSON, as the browser's checkpoint form does, spread over many
-- learners (Folio rate-limits attempts per learner: 10/s, burst 30).
--   FOLIO_BENCH_TOKENS=tokens.txt wrk -s bench/attempts.lua URL/api/v1/it/checkpoints/ID/attempts
-- tokens.txt: one bearer token per line (bench/learners.py). Each 200 means the attempt was stored
-- durably before the answer; anything else is counted in done().
local body = '{"answer":"' .. (os.getenv("FOLIO_BENCH_ANSWER") or "La larghezza del contenitore decide") .. '"}'
local tokens = {}
local next_token = 1
local thread_count = 0

function setup(thread)
    thread_count = thread_count + 1
    thread:set("offset", thread_count)
end

function init(args)
    local path = os.getenv("FOLIO_BENCH_TOKENS")
    if path then
        for line in io.lines(path) do
            if line ~= "" then tokens[#tokens + 1] = line end
        end
    end
    next_token = ((offset or 1) * 7919) % math.max(#tokens, 1) + 1
end

function request()
    local headers = { ["Content-Type"] = "application/json" }
    if #tokens > 0 then
        headers["Authorization"] = "Bearer " .. tokens[next_token]
        next_token = next_token % #tokens + 1
    end
    return wrk.format("POST", nil, headers, body)
end

function done(summary, latency, requests)
    io.write(string.format("attempts: %d responses, %d with status >= 400, socket errors: %d connect %d read %d write %d timeout\n",
        summary.requests, summary.errors.status, summary.errors.connect, summary.errors.read,
        summary.errors.write, summary.errors.timeout))
end
