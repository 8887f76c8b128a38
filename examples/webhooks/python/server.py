#!/usr/bin/env python3
"""A partner service that receives the partner API's webhooks.

Python 3 standard library only; the signature is checked by the Standard
Webhooks specification (https://www.standardwebhooks.com/).

    WEBHOOK_SECRET=whsec_... PORT=8000 python3 server.py

Every POST, on any path, is a webhook delivery; other methods are 405.
See README.md for what it answers and how to try it against the portal.
"""

import io
import math
import os
import signal
import socket
import sys
import threading
from collections import OrderedDict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# region verify
import base64
import hashlib
import hmac
import json
import time

TOLERANCE_SECONDS = 5 * 60


class WebhookVerificationError(Exception):
    """A request that is not a genuine, fresh webhook: answer it with 400."""


def signing_key(secret):
    """The HMAC key of a signing secret (`whsec_...`, on the service's developers page): the base64 after `whsec_`."""
    if not secret.startswith("whsec_"):
        raise ValueError("a signing secret starts with whsec_")
    key = base64.b64decode(secret[len("whsec_"):], validate=True)
    if not key:
        raise ValueError("the signing secret is empty")
    return key


def verify_webhook(key, headers, body, now=None):
    """The event of a webhook request, once a signature matches and the timestamp is fresh.

    `key` comes from signing_key(); `headers` is a mapping with case-insensitive
    `get` (http.server's `self.headers` is one); `body` the raw bytes exactly as
    received: parsed and serialised again, JSON no longer matches its signature.
    Raises WebhookVerificationError for missing headers, a timestamp more than
    5 minutes from now (either way) or no matching signature: answer 400 and do
    nothing. Then deduplicate by the `webhook-id` header.
    """
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook headers")
    if not (timestamp.isascii() and timestamp.isdigit()):
        raise WebhookVerificationError("invalid timestamp")
    now = time.time() if now is None else now
    if abs(now - int(timestamp)) > TOLERANCE_SECONDS:
        raise WebhookVerificationError("timestamp outside the 5-minute tolerance")

    signed = f"{msg_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest())
    # Several space-separated `v1,<base64>` while a secret rotation is under way: any one will do.
    for entry in signatures.split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature.encode(), expected):
            return json.loads(body)
    raise WebhookVerificationError("no matching signature")


# endregion verify

# Larger bodies are refused with 413 before they are read (ours are a few hundred bytes).
MAX_BODY_BYTES = 1024 * 1024
# Event ids handled, remembered this long and at most this many (the oldest forgotten first).
SEEN_TTL_SECONDS = 24 * 60 * 60
SEEN_MAX = 10_000
# A request, its headers and its body, must have arrived this many seconds after the server starts reading it;
# otherwise the connection is closed (with 408). A timeout per read alone lets a client that sends one byte
# now and then keep a connection, and its thread, forever. WEBHOOK_REQUEST_DEADLINE_SECONDS overrides it.
REQUEST_DEADLINE_SECONDS = 10
# The request line and headers must have arrived this many seconds after the server starts reading them (or the
# whole deadline, if shorter). A connection that sends nothing, or never finishes its headers, then holds one of the
# MAX_CONNECTIONS threads for 2 seconds, not 10: a delivery queued behind a pool of them is answered within that.
HEADER_DEADLINE_SECONDS = 2
# At most this many connections are handled at once, one thread each; further ones wait in the listen backlog
# (LISTEN_BACKLOG of them; beyond that the system refuses or delays them) until a thread is free.
# WEBHOOK_MAX_CONNECTIONS overrides it.
MAX_CONNECTIONS = 32
LISTEN_BACKLOG = 128


class SeenEvents:
    """The event ids already handled.

    In memory for the example: a real service keeps them in its database (a
    unique key on the id, written in the same transaction as the work), so a
    restart or a second process does not act twice.
    """

    def __init__(self):
        self._expiries = OrderedDict()
        self._lock = threading.Lock()

    def add(self, event_id, now=None):
        """True the first time an id is added (within the TTL); False for a duplicate."""
        now = time.monotonic() if now is None else now
        with self._lock:
            # Insertion order is time order: expired entries are at the front.
            while self._expiries:
                oldest_id, expiry = next(iter(self._expiries.items()))
                if expiry > now and len(self._expiries) < SEEN_MAX:
                    break
                del self._expiries[oldest_id]
            if event_id in self._expiries:
                return False
            self._expiries[event_id] = now + SEEN_TTL_SECONDS
            return True

    def forget(self, event_id):
        with self._lock:
            self._expiries.pop(event_id, None)


def to_json(value):
    return json.dumps(value, separators=(",", ":"))


def act(event, delivery_id):
    """The work an event asks for. Here: one JSON line on stdout."""
    if event["type"] == "password_changed_to_random_string":
        pass  # An end user pressed the emergency button: sign them out here, revoke their sessions...
    elif event["type"] == "ping":
        pass  # "Send test event" on the service's webhooks page: nothing to do.
    line = {"event": "handled", "type": event["type"], "id": event["id"], "delivery": delivery_id}
    print(to_json(line), flush=True)


class RequestTimeout(Exception):
    """The request did not arrive in full before its deadline."""


class DeadlineReader(io.RawIOBase):
    """A connection's bytes, each read given only the time left until `deadline` (time.monotonic())."""

    def __init__(self, connection, write_timeout):
        super().__init__()
        self.connection = connection
        self.write_timeout = write_timeout
        self.deadline = math.inf

    def readable(self):
        return True

    def readinto(self, buffer):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise RequestTimeout()
        self.connection.settimeout(left)
        try:
            return self.connection.recv_into(buffer)
        except socket.timeout:  # TimeoutError since Python 3.10
            raise RequestTimeout() from None
        finally:
            self.connection.settimeout(self.write_timeout)


class WebhookHandler(BaseHTTPRequestHandler):
    key = b""  # set at start-up
    seen = SeenEvents()
    deadline_seconds = REQUEST_DEADLINE_SECONDS  # set at start-up
    timeout = 10  # seconds a write of the answer may block

    def setup(self):
        super().setup()
        # Reads go through the deadline instead of the socket's own timeout.
        self.rfile.close()
        self.rfile = io.BufferedReader(DeadlineReader(self.connection, self.timeout))

    def handle_one_request(self):
        header_seconds = min(HEADER_DEADLINE_SECONDS, self.deadline_seconds)
        self.request_started = time.monotonic()
        self.rfile.raw.deadline = self.request_started + header_seconds
        try:
            super().handle_one_request()
        except RequestTimeout:
            # Only reading raises it, and every read comes before the answer: nothing has been sent yet.
            self.close_connection = True
            self.log_error("request not received in time: closed")
            data = (
                f"Request timeout: send the headers within {header_seconds:g} seconds"
                f" and the whole request within {self.deadline_seconds:g}.\n"
            ).encode()
            head = (
                "HTTP/1.0 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
                f"content-length: {len(data)}\r\nconnection: close\r\n\r\n"
            )
            try:
                self.wfile.write(head.encode() + data)
            except OSError:
                pass  # the client is gone already

    def parse_request(self):
        parsed = super().parse_request()  # reads the headers
        # They are in: the body has what is left of the whole request's deadline.
        self.rfile.raw.deadline = self.request_started + self.deadline_seconds
        return parsed

    def do_POST(self):
        length = self.headers.get("content-length")
        if length is None:
            return self.send(411, "Length required.")
        if not (length.isascii() and length.isdigit()):
            return self.send(400, "Invalid Content-Length.")
        if int(length) > MAX_BODY_BYTES:
            self.close_connection = True
            return self.send(413, "Payload too large.", {"connection": "close"})
        body = self.rfile.read(int(length))

        try:
            event = verify_webhook(self.key, self.headers, body)
        except (WebhookVerificationError, ValueError) as error:  # ValueError: a signed body that is not JSON
            return self.send(400, f"Invalid webhook: {error}.")

        # The endpoint check: answer the challenge (the same every time, so never deduplicated).
        if event["type"] == "url_verification":
            return self.send(200, {"challenge": event["data"]["challenge"]})

        # Retries and redeliveries carry the same webhook-id: act once.
        event_id = self.headers["webhook-id"]
        if not self.seen.add(event_id):
            return self.send(200, {"received": True, "duplicate": True})
        try:
            act(event, self.headers.get("partner-delivery"))
        except Exception:
            self.seen.forget(event_id)  # not done: the retry should try again
            raise
        self.send(200, {"received": True})

    def not_allowed(self):
        self.send(405, "Method not allowed: webhooks are POSTed.", {"allow": "POST"})

    do_GET = do_HEAD = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = not_allowed

    def send(self, status, body, headers=None):
        if isinstance(body, str):
            data, content_type = (body + "\n").encode(), "text/plain; charset=utf-8"
        else:
            data, content_type = to_json(body).encode(), "application/json"
        self.send_response(status)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def log_message(self, format, *args):
        # The access log goes to stderr; stdout has only the JSON lines.
        sys.stderr.write(f"{self.address_string()} {format % args}\n")


class Server(ThreadingHTTPServer):
    """One thread per connection, at most `max_connections` at once."""

    # Requests in progress finish before the process exits (server_close waits for them).
    daemon_threads = False
    request_queue_size = LISTEN_BACKLOG

    def __init__(self, address, handler, max_connections):
        self.slots = threading.BoundedSemaphore(max_connections)
        self.stopping = threading.Event()
        super().__init__(address, handler)

    def process_request(self, request, client_address):
        # Not one more thread until one is free: meanwhile the accept loop waits here, and new connections wait
        # in the listen backlog. A slot is free again at the latest once the deadline cuts a slow request off.
        while not self.slots.acquire(timeout=0.5):
            if self.stopping.is_set():
                return self.shutdown_request(request)
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def shutdown(self):
        self.stopping.set()
        super().shutdown()


def positive_setting(name, default, kind):
    """A positive number from the environment variable `name` (`default` when unset); exits if it is not one."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = kind(value)
    except ValueError:
        number = 0
    if not (number > 0 and math.isfinite(number)):
        sys.exit(f"{name} must be a positive number, not {value!r}.")
    return number


def main():
    secret = os.environ.get("WEBHOOK_SECRET", "")
    try:
        WebhookHandler.key = signing_key(secret)
    except ValueError as error:
        sys.exit(f"WEBHOOK_SECRET must be the service's signing secret, whsec_... ({error}).")
    WebhookHandler.deadline_seconds = positive_setting(
        "WEBHOOK_REQUEST_DEADLINE_SECONDS", REQUEST_DEADLINE_SECONDS, float
    )
    max_connections = positive_setting("WEBHOOK_MAX_CONNECTIONS", MAX_CONNECTIONS, int)
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8000"))

    server = Server((host, port), WebhookHandler, max_connections)

    def stop(_signum, _frame):
        # shutdown() waits for serve_forever() to return: call it from another thread.
        threading.Thread(target=server.shutdown).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    url = f"http://{host}:{server.server_address[1]}/"
    print(to_json({"event": "listening", "url": url}), flush=True)
    server.serve_forever()
    server.server_close()


if __name__ == "__main__":
    main()
