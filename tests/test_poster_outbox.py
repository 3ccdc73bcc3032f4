"""The in-memory outbox keeps the `Outbox` contract (the SQL one runs the same checks)."""

from __future__ import annotations

from poster.outbox import InMemoryOutbox
from tests.outbox_contract import (
    check_attempts_contract,
    check_claims_contract,
    check_outbox_contract,
    check_positions_contract,
    check_survives_restart,
)


def test_in_memory_outbox_keeps_the_contract() -> None:
    check_outbox_contract(InMemoryOutbox)


def test_in_memory_outbox_state_is_seen_by_the_next_poster() -> None:
    shared = InMemoryOutbox()
    check_survives_restart(lambda: shared, lambda: shared)


def test_in_memory_outbox_counts_refused_attempts_per_row() -> None:
    check_attempts_contract(InMemoryOutbox)


def test_in_memory_outbox_keeps_game_tokens_and_positions() -> None:
    check_positions_contract(InMemoryOutbox)


def test_in_memory_outbox_lets_one_sender_claim_a_row() -> None:
    check_claims_contract(InMemoryOutbox)
