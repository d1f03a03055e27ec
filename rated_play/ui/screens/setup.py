"""The setup of a rated game: profile, opponent strength, time control."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Static

from engines.opponents.choice import OpponentChoice, OpponentWish, choose_opponent
from engines.opponents.opponent import Opponent
from engines.opponents.pool import Pool
from engines.opponents.seated import Seating
from profiles.errors import UserError, printable, sentence
from profiles.laws.time_control import PRESETS, TimeClass, TimeControl, TimeControlError
from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord, Profile
from profiles.player.card import (
    Preview,
    ProfileCard,
    build_card,
    money,
    preview,
    preview_words,
    rated_alike,
)
from profiles.player.opponent_choice import SliderRange, cap_note, counted_as, slider_range
from profiles.player.purse import STAKE
from profiles.setup import DEFAULT_CLOCK, TOGGLES, Setup
from rated_play.ui.messages import (
    CalculatorWanted,
    GameStarted,
    GamesWanted,
    HistoryWanted,
    LeaderboardWanted,
    RatingTableWanted,
)
from rated_play.ui.screens.base import WorkingScreen
from rated_play.ui.widgets.dropdown import Dropdown
from rated_play.ui.widgets.keys_footer import KeysFooter
from rated_play.ui.widgets.profile_card import ProfileCardView
from rated_play.ui.widgets.strength import StrengthSlider
from rated_play.ui.widgets.title_bar import TitleBar
from rated_play.ui.widgets.toggles import TickBox

if TYPE_CHECKING:
    from rated_play.session import ThinkingPace

PaceFactory = Callable[[], "ThinkingPace"]
"""What makes the opponent's pace for a game with believable thinking (the session is imported
only when a game starts)."""

DEFAULT_PRESET = PRESETS.index(DEFAULT_CLOCK)
"""The time-control selector's value for the setup's default clock."""
CUSTOM = -1
"""The time-control selector's value for a custom base+increment."""
START_RATING = 1200.0
"""Where the slider starts: a beginner-to-club strength most new players can score against."""


def opponent_line(opponent: Opponent, *, approximate: bool = False) -> str:
    """The opponent by its title, and the rating the calibration measured, each called what
    it is. An engine's title is its own setting, whose number (UCI_Elo 2150) is no rating on
    this scale; a person-like opponent's title is its rating and its provenance ("A person-like
    opponent, about 1450: Maia-1 of lichess players 1500–1599")."""
    rating = f"≈{opponent.rating:.0f}" if approximate else f"{opponent.rating:.0f}"
    error = f" ± {opponent.rating_error:.0f}" if opponent.rating_error and not approximate else ""
    strength = f"measured {rating}{error}" if opponent.calibrated else f"{rating}, not measured"
    if opponent.person_like:
        return f"{printable(opponent.title)} ({strength})"
    return f"{printable(opponent.title)} (engine setting): {strength}"


class SetupScreen(WorkingScreen):
    """Pick a profile, an opponent and a time control, then start a rated game."""

    CSS_PATH = "setup.tcss"
    # Under 32 rows (80×24 above all) the screen drops its spacing, so that everything down to
    # the Start button is on the screen at once, without scrolling.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012 (Textual types it so)
    # No automatic focus: on_mount focuses the widget to start with itself, and Textual's would
    # first focus the first focusable widget, the scrolling container, which restyles every
    # widget in it before the first screen is painted.
    AUTO_FOCUS = ""
    # The footer shows the keys in this order, after F1 Help: Start first. At 80 columns there
    # is no room for all of them, so the expected-scores table's F3 is left out of it (it still
    # works, and the help lists it).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "start", "Start"),
        Binding("f2", "calculator", "Calculator"),
        Binding("f3", "rating_table", "Expected scores", show=False),
        Binding("f4", "leaderboard", "Leaderboard"),
        # Letters, not F-keys: F6 to F9 are the game's (draw, claim, resign, double), and a key
        # pressed out of habit must never do either thing on the other screen.
        Binding("g", "games", "Games"),
        Binding("h", "history", "History"),
    ]

    # The widgets the setup reads and writes, kept as they are made (compose), never looked up
    # by their ids.
    profile_picker: Dropdown
    new_profile: Input
    create_button: Button
    profile_error: Static
    card_view: ProfileCardView
    preset: Dropdown
    custom: Input
    clock_error: Static
    no_clock: Checkbox
    clock_shown: Static
    slider: StrengthSlider
    boxes: dict[str, TickBox]
    """A box for each of the setup's toggles (:data:`profiles.setup.TOGGLES`), by field name."""
    opponent_shown: Static
    preview_shown: Static
    start_button: Button

    def __init__(
        self, ledger: Ledger, pool: Pool, seating: Seating, paces: PaceFactory | None = None
    ) -> None:
        super().__init__()
        self.ledger = ledger
        self.pool = pool
        self.seating = seating
        """Who sits across the board as the opponent chosen: its engine, unless the app was
        given another."""
        self.paces = paces
        """The opponent's pace when believable thinking is on; None for a person's."""
        self.profile: Profile | None = None
        self.clocked: TimeControl = PRESETS[DEFAULT_PRESET]
        """The last preset or custom time control chosen (kept while "no clock" is ticked)."""
        self.remembered_strength: float | None = None
        """The strength the profile chose last, if any."""
        self.games: list[GameRecord] = []
        """The chosen profile's games, read once when it is chosen and each time the screen
        comes back: the card, the slider and the preview are all derived from them, and only
        a game (or another screen) changes them while this one waits below it."""
        self.card: ProfileCard | None = None
        """The chosen profile's card, read with :attr:`games`."""
        self.outlooks: dict[tuple[TimeClass, float], Preview] = {}
        """The previews computed from :attr:`games`, by time class and opponent rating."""
        self.ledger_may_have_changed = False
        """Another screen has been on top since :attr:`games` were read."""
        self.moved: tuple[float, str] | None = None
        """Where the slider opened, away from the player's last choice, and why: said until
        the slider is moved."""

    @property
    def time_control(self) -> TimeControl:
        return TimeControl.no_clock() if self.no_clock.value else self.clocked

    def ticked(self, name: str) -> bool:
        """Whether the setup's toggle ``name`` is ticked."""
        return self.boxes[name].value

    @property
    def wish(self) -> OpponentWish:
        return OpponentWish(
            strength=self.slider.value,
            person_like=self.ticked("person_like"),
            unleashed=self.ticked("unleashed"),
        )

    @property
    def choice(self) -> OpponentChoice:
        """The opponent the setup's wish gets, and what to say of it."""
        return choose_opponent(self.pool, self.wish)

    @property
    def opponent(self) -> Opponent:
        return self.choice.opponent

    def compose(self) -> ComposeResult:
        low, high = self.pool.rating_range()
        self.profile_picker = Dropdown(prompt="Pick a profile", id="profile")
        # Back in it, the name goes on: selected, it went at the next letter.
        self.new_profile = Input(
            placeholder="New profile name", id="new-profile", compact=True, select_on_focus=False
        )
        self.create_button = Button("Create", id="create-profile", compact=True)
        self.profile_error = Static("", id="profile-error", markup=False, classes="error")
        self.card_view = ProfileCardView(id="card")
        self.preset = Dropdown(
            [*((tc.label, index) for index, tc in enumerate(PRESETS)), ("Custom", CUSTOM)],
            value=DEFAULT_PRESET,
            id="preset",
        )
        self.custom = Input(
            placeholder="Custom: minutes+increment, e.g. 7+2", id="custom", compact=True
        )
        self.clock_error = Static("", id="time-control-error", markup=False, classes="error")
        self.no_clock = TickBox("No clock", id="no-clock", compact=True)
        self.clock_shown = Static("", id="time-control", markup=False)
        self.slider = StrengthSlider(low, high, START_RATING, id="strength")
        self.boxes = {name: self.box(name) for name in TOGGLES}
        self.opponent_shown = Static("", id="opponent", markup=False)
        self.preview_shown = Static("", id="preview", markup=False)
        self.start_button = Button("Start rated game", id="start", variant="success")
        # Started by F5 or a click, never by the Enter or space of text typed after a stray
        # Tab: a rated game begun by accident is a game lost.
        self.start_button.can_focus = False

        yield TitleBar()
        with VerticalScroll(id="setup"), Horizontal(id="columns"):
            with Vertical(id="player", classes="column"):
                yield Static("Profile", classes="heading")
                yield self.profile_picker
                with Horizontal(classes="row"):
                    yield self.new_profile
                    yield self.create_button
                yield self.profile_error
                yield self.card_view
                yield Static("Time control", classes="heading")
                yield self.preset
                yield self.custom
                yield self.clock_error
                yield self.no_clock
                yield self.clock_shown
            with Vertical(id="game", classes="column"):
                yield Static("Opponent strength", classes="heading")
                yield self.slider
                # The choices first, what they give after: ticking a box or moving the slider
                # changes only the words at the foot of the column, so no box moves from under
                # the pointer, and Start, below the columns, never moves at all.
                yield from self.boxes.values()
                yield self.opponent_shown
                yield self.preview_shown
        with Horizontal(id="actions"):
            yield Static("", id="actions-left")
            yield self.start_button
        yield KeysFooter(compact=True)

    def box(self, name: str) -> TickBox:
        """The box of the setup's toggle ``name``, as declared, ticked as its default."""
        declared = TOGGLES[name]
        label = declared.label
        if name == "unleashed":  # one line at 80 columns; ticked, the opponent line names it
            label = f"{label}: full strength, ≈{self.pool.unleashed().rating:.0f}"
        default = getattr(Setup(), name)
        box = TickBox(Text(label), value=default, id=name.replace("_", "-"), compact=True)
        box.tooltip = declared.help
        return box

    def on_mount(self) -> None:
        self.title = "rated-play"
        self.sub_title = "Set up a rated game"
        self.reload_profiles()
        self.show_opponent()
        self.show_time_control()
        # A first run has one thing to do before anything else: name a profile.
        (self.new_profile if self.profile is None else self.slider).focus()

    def on_screen_suspend(self) -> None:
        """A screen on top (a game, a dialog) may change the ledger: read it again on return."""
        self.ledger_may_have_changed = True

    def on_screen_resume(self) -> None:
        """Back from a game: the card has a new result, the colour has changed, and the slider
        follows the new result."""
        self.start_button.disabled = False
        reached = ""
        if self.moved is None:  # else the last choice still stands, as the setup says
            wish = self.wish
            choice = self.choice
            self.remembered_strength = choice.chosen_strength(wish)
            reached = choice.moved_words(wish)
        if self.ledger_may_have_changed:
            self.ledger_may_have_changed = False
            self.read_profile()
        self.show_card()
        self.open_slider(reached)

    # -- profiles ------------------------------------------------------------------------

    def reload_profiles(self, chosen: Profile | None = None) -> None:
        profiles = self.ledger.profiles()
        picker = self.profile_picker
        picker.set_options((printable(profile.name), profile.id) for profile in profiles)
        chosen = chosen or self.profile or (profiles[0] if profiles else None)
        if chosen is not None:
            picker.value = chosen.id
        self.choose_profile(chosen)

    @on(Dropdown.Changed, "#profile")
    def profile_chosen(self, event: Dropdown.Changed) -> None:
        chosen = [p for p in self.ledger.profiles() if p.id == event.value]
        self.profile_error.update("")
        self.choose_profile(chosen[0] if chosen else None)

    def choose_profile(self, profile: Profile | None) -> None:
        """Show the profile's card and open the setup where its last game left it."""
        changed = profile != self.profile
        self.profile = profile
        if changed:
            self.read_profile()
            if profile is not None:
                self.restore(self.ledger.last_setup(profile.id))
            # The slider is opened before the opponent and the preview are shown: a preview
            # is a rating computed four times, not to be spent on a position never shown.
            self.follow_results()
            self.open_slider()
        self.show_time_control()

    def read_profile(self) -> None:
        """Read the chosen profile's games and card from the ledger."""
        if self.profile is None:
            self.games, self.card = [], None
        else:
            self.games = self.ledger.games(self.profile.id)
            self.card = build_card(self.ledger, self.profile, games=self.games)
        self.outlooks = {}

    def restore(self, setup: Setup | None) -> None:
        """Open the setup as ``setup`` left it; a profile without one gets the defaults."""
        if setup is None:
            setup = Setup()
        self.remembered_strength = setup.strength
        for name, box in self.boxes.items():
            box.value = getattr(setup, name)
        try:
            time_control = setup.clock
        except TimeControlError:
            return  # a setup this version cannot read: the defaults stand
        self.no_clock.value = time_control.untimed
        if not time_control.untimed:
            self.clocked = time_control
            preset = PRESETS.index(time_control) if time_control in PRESETS else CUSTOM
            self.custom.value = str(time_control) if preset == CUSTOM else ""
            self.preset.value = preset

    def chosen_strength(self) -> float:
        """The strength to remember as the player's choice
        (:meth:`~engines.opponents.choice.OpponentChoice.chosen_strength`)."""
        return self.choice.chosen_strength(self.wish)

    def current_setup(self) -> Setup:
        """The setup as the screen shows it: what starting a game saves and plays."""
        return Setup(
            strength=self.chosen_strength(),
            time_control=self.time_control.pgn,
            **{name: box.value for name, box in self.boxes.items()},
        )

    @on(Button.Pressed, "#create-profile")
    @on(Input.Submitted, "#new-profile")
    def create_profile(self) -> None:
        name_input = self.new_profile
        try:
            profile = self.ledger.create_profile(name_input.value)
        except UserError as error:  # a name it cannot take, or a disk it cannot write
            self.profile_error.update(sentence(error))
            return
        name_input.clear()
        self.profile_error.update("")
        self.reload_profiles(profile)
        # Out of the name box: the next key is the player's choice of what to do (g, h, F5…),
        # not another letter of a name.
        self.slider.focus()

    def on_key(self, event: events.Key) -> None:
        """A name typed after a Tab too many (onto Create) goes on in the name box: the
        letters were lost, and Enter then pressed Create with an empty name."""
        if self.focused is not self.create_button or not event.is_printable:
            return
        assert event.character is not None
        event.stop()  # not a key of the screen's (g, h): a letter of the name
        name_input = self.new_profile
        name_input.focus()
        name_input.insert_text_at_cursor(event.character)

    def show_card(self) -> None:
        self.card_view.show(self.card, self.time_control.time_class)
        self.follow_results()
        self.show_opponent()

    def estimate(self) -> float | None:
        """The player's rating or provisional performance in the chosen class."""
        if self.card is None:
            return None
        card = self.card.classes[self.time_control.time_class]
        return None if card.state is None else card.state.rating

    def slider_range(self) -> SliderRange:
        low, high = self.pool.rating_range()
        return slider_range(low, high, self.estimate())

    def follow_results(self) -> None:
        """The slider's range and informative band follow the player's results."""
        limits = self.slider_range()
        self.slider.set_range(limits.low, limits.high, limits.informative)

    def open_slider(self, reached: str = "") -> None:
        """Open at the last choice while it is informative, else at the opponent the setup
        offers nearest the player's estimate (of the kind the box asks for). ``reached`` says
        why the last choice is not what the slider was set to: it was beyond reach, and the
        opponent that played is remembered instead."""
        estimate = self.estimate()
        limits = self.slider_range()
        wanted = limits.opening_value(estimate, self.remembered_strength, START_RATING)
        if estimate is not None and wanted == limits.clamp(estimate):
            asked = replace(self.wish, strength=estimate, unleashed=False)
            near = choose_opponent(self.pool, asked)
            if not near.note:  # else none of that kind plays near it: the estimate stands
                wanted = near.opponent.rating
        slider = self.slider
        slider.value = wanted
        card = None if self.card is None else self.card.classes[self.time_control.time_class]
        provisional = card.games if card is not None and card.rating is None else 0
        moved = limits.moved_words(
            estimate, self.remembered_strength, provisional_games=provisional
        )
        if not moved and self.remembered_strength is not None:
            moved = reached if slider.value == limits.clamp(self.remembered_strength) else ""
        self.moved = (slider.value, moved) if moved else None
        self.show_opponent()

    # -- opponent ------------------------------------------------------------------------

    @on(Checkbox.Changed)
    def toggled(self, event: Checkbox.Changed) -> None:
        """A toggle that chooses the opponent shows the one it gets (the clock's box has its
        own handler)."""
        name = next((n for n, box in self.boxes.items() if box is event.checkbox), None)
        if name is not None and TOGGLES[name].chooses_opponent:
            self.show_opponent()

    @on(StrengthSlider.Changed)
    def show_opponent(self) -> None:
        unleashed = self.ticked("unleashed")
        self.slider.disabled = unleashed
        # The box chooses along the slider, set aside with it (the note says which wins).
        self.boxes["person_like"].disabled = unleashed
        slider_value = self.slider.value
        choice = self.choice
        opponent = choice.opponent
        line = opponent_line(opponent, approximate=unleashed)
        wanted = "" if unleashed else f"Wanted ≈{slider_value:.0f} → "
        notes = [choice.note, self.cap_note(opponent.rating)]
        if self.moved is not None and self.moved[0] != slider_value:
            self.moved = None  # the player has moved it since
        if self.moved is not None and not unleashed:
            notes.insert(0, self.moved[1])
        said = "".join(f"\n{note}" for note in notes if note)
        self.opponent_shown.update(wanted + line + said)
        self.show_preview()

    def outlook(self, opponent: float) -> Preview:
        """What a game against an opponent rated ``opponent`` would do, read once."""
        key = (self.time_control.time_class, opponent)
        if key not in self.outlooks:
            self.outlooks[key] = preview(self.games, *key)
        return self.outlooks[key]

    def cap_note(self, opponent: float) -> str:
        """What the 400-point rule does to the game, said only where it does it: for a rated
        player whose every result it rates as against an opponent 400 points away. A
        provisional player's game counts at the opponent's own rating, and the preview says
        only which of the 20 it is."""
        estimate = self.estimate()
        counted = counted_as(estimate, opponent)
        if counted is None or self.profile is None:
            return ""
        if not rated_alike(self.outlook(opponent), self.outlook(counted)):
            return ""
        return cap_note(estimate, opponent)

    def show_preview(self) -> None:
        """Before the game: what each result would do to the rating (or the provisional
        count) against the chosen opponent, and to the purse."""
        if self.profile is None:
            self.preview_shown.update("")
            return
        outlook = self.outlook(self.opponent.rating)
        stake = f"Stake {money(STAKE)}: a win gains it, a loss loses it"
        self.preview_shown.update(f"{preview_words(outlook)}\n{stake}")

    # -- time control --------------------------------------------------------------------

    @on(Dropdown.Changed, "#preset")
    def preset_chosen(self, event: Dropdown.Changed) -> None:
        if event.value != self.preset.value:
            return  # a change overtaken by a later one (a custom clock typed on, key by key)
        custom = self.custom
        if event.value == CUSTOM:
            if self.clocked in PRESETS:  # chosen now, not a custom control restored
                custom.focus()
            return
        assert isinstance(event.value, int)
        self.clocked = PRESETS[event.value]
        if custom.value.strip() and self.typed_clock() != self.clocked:
            custom.value = ""  # a custom text left from before would contradict the preset
        self.clock_error.update("")
        self.show_time_control()

    def typed_clock(self) -> TimeControl | None:
        """The custom field's time control; None while it does not read as one."""
        try:
            return TimeControl.parse(self.custom.value)
        except TimeControlError:
            return None

    @on(Input.Changed, "#custom")
    def custom_typed(self) -> None:
        """A custom clock is used as soon as it reads as one, so the Clock line and F5 never
        wait for an Enter the player may not press."""
        self.clock_error.update("")
        typed = self.typed_clock()
        # "none" waits for Enter or F5: ticking "No clock" would take the field from under the
        # keys. The Clock line says it meanwhile, as it says a text that is no clock yet.
        if typed is not None and not typed.untimed and typed != self.clocked:
            self.use_clock(typed)
        else:
            self.show_time_control()

    def use_clock(self, time_control: TimeControl) -> None:
        self.clocked = time_control
        self.preset.value = PRESETS.index(time_control) if time_control in PRESETS else CUSTOM
        self.show_time_control()

    @on(Input.Submitted, "#custom")
    @on(Input.Blurred, "#custom")
    def custom_entered(self) -> None:
        text = self.custom.value
        if not text.strip():
            return
        try:
            time_control = TimeControl.parse(text)
        except TimeControlError as error:
            self.clock_error.update(sentence(error))
            return
        self.clock_error.update("")
        if time_control.untimed:
            self.no_clock.value = True
        else:
            self.use_clock(time_control)

    def unsettled_clock(self) -> str | None:
        """Why the clock shown is not yet one to start: a custom entry that does not read as
        a time control, or that is not the one the Clock line shows (None: it is)."""
        if self.no_clock.value:
            return None
        text = self.custom.value.strip()
        if not text:
            if self.preset.value == CUSTOM:
                return "Type the custom time control (minutes+increment, e.g. 7+2) or pick one."
            return None
        try:
            typed = TimeControl.parse(text)
        except TimeControlError as error:
            return f"Not started: {error}."
        if typed.untimed:  # "none", as the refusal of a text that is no clock suggests
            self.no_clock.value = True
            return None
        if typed != self.time_control:
            return f"Not started: press Enter in the custom field to use {text!r}, or clear it."
        return None

    @on(Checkbox.Changed, "#no-clock")
    def show_time_control(self) -> None:
        no_clock = self.no_clock.value
        self.preset.disabled = no_clock
        self.custom.disabled = no_clock
        # Without a clock the opponent always answers at once: there is no time to take.
        for name, declared in TOGGLES.items():
            self.boxes[name].disabled = no_clock and declared.needs_clock
        self.clock_shown.update(self.clock_line())
        self.show_card()

    def clock_line(self) -> str:
        """The clock that F5 starts, as the custom field has it now: never the one chosen
        before a text that is no clock yet (the line and the box disagreed)."""
        text = self.custom.value.strip()
        typed = self.typed_clock()
        time_control = self.time_control
        if not time_control.untimed and text:
            if typed is None:
                return f"Clock: {printable(text)!r} is not a time control yet"
            if typed.untimed:
                time_control = typed
        # Games without a clock have a rating class of their own (the card names it): one
        # line at 80 columns.
        if time_control.untimed:
            return "Clock: none · Rated in its own class"
        return f"Clock: {time_control} · Rated in {time_control.time_class.label}"

    # -- the other screens (none of them may be reached during a game) -------------------

    def action_calculator(self) -> None:
        """The calculator, filled in with this game: the player's rating and games, the
        opponent."""
        time_class = self.time_control.time_class
        card = None if self.card is None else self.card.classes[time_class]
        self.app.post_message(CalculatorWanted(card, time_class, self.opponent.rating))

    def action_rating_table(self) -> None:
        self.app.post_message(RatingTableWanted())

    def action_leaderboard(self) -> None:
        self.app.post_message(LeaderboardWanted())

    def action_games(self) -> None:
        if self.profile is None:
            self.profile_error.update("Pick a profile to see its games.")
            return
        self.app.post_message(GamesWanted(self.profile))

    def action_history(self) -> None:
        if self.profile is None:
            self.profile_error.update("Pick a profile to see its rating history.")
            return
        self.app.post_message(HistoryWanted(self.profile, self.time_control.time_class))

    # -- starting ------------------------------------------------------------------------

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        if self.start_button.disabled:
            return  # a game is starting: a second F5 must not start (and so lose) another
        unsettled = self.unsettled_clock()
        if unsettled is not None:
            self.clock_error.update(unsettled)
            return
        if self.profile is None:
            self.profile_error.update("Pick a profile or create one before starting a rated game.")
            return
        setup = self.current_setup()
        try:
            self.ledger.save_setup(self.profile.id, setup)
        except UserError as error:  # a full disk: the game could not be written either
            self.profile_error.update(sentence(error))
            return
        self.start_button.disabled = True
        self.moved = None  # played where it opened: that is the choice now
        self.start_game(self.profile, self.opponent, setup)

    @work(exclusive=True, group="start", exit_on_error=False)
    async def start_game(self, profile: Profile, opponent: Opponent, setup: Setup) -> None:
        """The game ``setup`` asks for, against ``opponent`` (the one its wish got)."""
        # The game's modules load when a game starts, not before the first screen is painted.
        from rated_play.session import RatedGame, ThinkingPace  # noqa: PLC0415

        pace = (self.paces or ThinkingPace)() if setup.believable_thinking else None
        game = await RatedGame.start(
            self.ledger,
            profile,
            opponent,
            setup.clock,
            start_clock=False,
            doubling=setup.doubling,
            pace=pace,
            seated=self.seating(opponent),
        )
        self.app.post_message(GameStarted(game, setup))

    def on_worker_failed(self) -> None:
        self.start_button.disabled = False
